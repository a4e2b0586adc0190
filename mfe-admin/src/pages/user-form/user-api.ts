import type {
  ActivateAdminUserResponse,
  AdminUser,
  AdminUserPage,
  AdminUserStatusFilter,
  CountryOption,
  DeleteAdminUserResponse,
  Role,
  SaveAdminUserRequest,
  SaveAdminUserResponse,
} from '@portal/contracts';
import { ADMIN_USER_PAGE_SIZE, AdminUserEndpoints, MasterEndpoints, RoleId } from '@portal/contracts';
import { callEndpoint } from '@portal/shared-ui';

export interface UserListFilter {
  page: number;
  search: string;
  status: AdminUserStatusFilter;
}

/** One page of back-office and admin users, searched and filtered by the server. */
export async function fetchUserPage(filter: UserListFilter, signal?: AbortSignal): Promise<AdminUserPage> {
  const query: Record<string, string | number> = { page: filter.page, pageSize: ADMIN_USER_PAGE_SIZE };
  if (filter.search.trim()) query.search = filter.search.trim();
  if (filter.status !== 'all') query.status = filter.status;
  const answer = await callEndpoint(AdminUserEndpoints.list, { query }, { signal });
  if (Array.isArray(answer)) throw new TypeError('The user list answered a list where a page was asked for');
  return answer;
}

export function fetchUser(userID: number, signal?: AbortSignal): Promise<AdminUser> {
  return callEndpoint(AdminUserEndpoints.details, { params: { id: String(userID) } }, { signal });
}

/** The user form's fields the server may refuse one by one. */
export const USER_FORM_FIELDS = [
  'fullName',
  'email',
  'phoneCode',
  'mobileNumber',
  'roleID',
  'countryID',
] as const;

/**
 * Create (no userID), or update a back-office/admin user (userID). A refusal of the form's fields, and a taken
 * email (409), is shown under the field by the form, not repeated as a toast.
 */
export function saveUser(body: SaveAdminUserRequest): Promise<SaveAdminUserResponse> {
  return callEndpoint(AdminUserEndpoints.save, { body }, { fieldsShown: USER_FORM_FIELDS, quietOn: [409] });
}

/** The list's Delete: the user is made inactive. */
export function deactivateUser(userID: number): Promise<DeleteAdminUserResponse> {
  return callEndpoint(AdminUserEndpoints.makeInactive, { params: { id: String(userID) } });
}

export function activateUser(userID: number): Promise<ActivateAdminUserResponse> {
  return callEndpoint(AdminUserEndpoints.activate, { params: { id: String(userID) } });
}

/** Issue 29: another staff user's two-step sign-in removed; they set it up again at their next sign-in. */
export function resetSecondFactor(userID: number): Promise<unknown> {
  return callEndpoint(AdminUserEndpoints.resetSecondFactor, { params: { id: String(userID) } });
}

export interface UserFormOptions {
  /** Admin and Backoffice: affiliates register themselves. */
  roles: Role[];
  countries: CountryOption[];
}

/** What the user form offers: the staff roles (with showCountry) and the countries with their phone codes. */
export async function fetchUserFormOptions(signal?: AbortSignal): Promise<UserFormOptions> {
  const [roles, options] = await Promise.all([
    callEndpoint(MasterEndpoints.roles, {}, { signal }),
    callEndpoint(MasterEndpoints.registerOptions, {}, { signal }),
  ]);
  return { roles: roles.filter((role) => role.roleID !== RoleId.Affiliate), countries: options.countries };
}
