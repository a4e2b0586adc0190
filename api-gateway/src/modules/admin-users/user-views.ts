import type { AdminUser, AdminUserPage, AdminUserStatusFilter } from '@portal/contracts';
import { ADMIN_USER_PAGE_SIZE, AdminUserMessages } from '@portal/contracts';
import type { AppContext } from '../../context';
import { badRequest, notFound } from '../../http/errors';
import { findUser, listUserPage, listUsers } from './user-queries';

/** `{id}` of the user calls: digits only, at least 1; anything else is a 400 before any lookup. */
export function userIdParam(raw: string | undefined): number {
  if (!raw || !/^\d{1,15}$/.test(raw) || Number(raw) < 1) throw badRequest(AdminUserMessages.invalidId);
  return Number(raw);
}

export interface UserListInput {
  page?: number;
  pageSize?: number;
  search?: string;
  status?: AdminUserStatusFilter;
  /** Whether any paging parameter was sent: then one page, otherwise the whole list (spec §7). */
  paged: boolean;
}

export async function listAdminUsers(
  ctx: AppContext,
  input: UserListInput,
): Promise<AdminUser[] | AdminUserPage> {
  const filter = { search: input.search || undefined, status: input.status };
  if (!input.paged) return listUsers(ctx.db, filter);
  const page = input.page ?? 1;
  const pageSize = input.pageSize ?? ADMIN_USER_PAGE_SIZE;
  const { results, totalCount } = await listUserPage(ctx.db, filter, page, pageSize);
  return { results, totalCount, pageNo: page, pageSize };
}

export async function adminUserDetails(ctx: AppContext, userId: number): Promise<AdminUser> {
  const user = await findUser(ctx.db, userId);
  if (!user) throw notFound(AdminUserMessages.notFound);
  return user;
}
