/**
 * Navigation usable outside React (the HTTP client on a 401). The shell registers its router's
 * navigate; without one (a remote running standalone) the browser navigates.
 */
export type Navigator = (path: string) => void;

let registered: Navigator | null = null;

export function setNavigator(navigator: Navigator | null): void {
  registered = navigator;
}

export function navigateTo(path: string): void {
  if (registered) registered(path);
  else window.location.assign(path);
}
