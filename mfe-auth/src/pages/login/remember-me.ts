/**
 * Spec §4: Remember Me keeps the userName and password in this browser and prefills the form next time;
 * signing in with it unchecked removes them. (The spec asks for the password too; it stays on this device only.)
 */
export const REMEMBERED_CREDENTIALS_KEY = 'rememberedCredentials';

export interface RememberedCredentials {
  userName: string;
  password: string;
}

export function readRememberedCredentials(): RememberedCredentials | null {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(REMEMBERED_CREDENTIALS_KEY) ?? 'null');
    if (
      value &&
      typeof value === 'object' &&
      'userName' in value &&
      'password' in value &&
      typeof value.userName === 'string' &&
      typeof value.password === 'string'
    ) {
      return { userName: value.userName, password: value.password };
    }
  } catch {
    // Unreadable: treated as nothing remembered.
  }
  return null;
}

export function saveRememberedCredentials(credentials: RememberedCredentials): void {
  localStorage.setItem(REMEMBERED_CREDENTIALS_KEY, JSON.stringify(credentials));
}

export function forgetRememberedCredentials(): void {
  localStorage.removeItem(REMEMBERED_CREDENTIALS_KEY);
}
