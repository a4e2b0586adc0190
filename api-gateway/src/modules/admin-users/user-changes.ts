import type {
  ActivateAdminUserResponse,
  AdminUser,
  DeleteAdminUserResponse,
  SaveAdminUserResponse,
  UserFormContext,
  UserFormInput,
  UserFormMode,
} from '@portal/contracts';
import {
  AdminUserMessages,
  firstUserFormError,
  Messages,
  RoleId,
  userFormChecks,
  userFormValues,
} from '@portal/contracts';
import { generateTemporaryPassword, hashPassword } from '../../auth/password';
import type { AppContext } from '../../context';
import type { Sql } from '../../db/database';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { SessionUser } from '../../http/session';
import { recordAudit } from '../audit';
import { enqueueMessage } from '../messaging';
import type { UserDetailsInput } from '../users';
import { emailTaken, insertUser, setActive, updateUserDetails } from '../users';
import { welcomeEmail } from './user-emails';
import {
  findAffiliateOfUser,
  findUser,
  lockUserAndActiveAdmins,
  otherActiveAdmins,
  updateAffiliateContact,
  userFormContext,
} from './user-queries';

export interface SaveUserInput {
  mode: UserFormMode;
  id?: number;
  input: UserFormInput;
}

/** The rules that need the roles and countries, in the spec's order; every broken field in `errors`. */
function checkWithContext(input: UserFormInput, mode: UserFormMode, context: UserFormContext) {
  const first = firstUserFormError(input, mode, context);
  if (!first) return userFormValues(input, mode === 'affiliate' ? undefined : context);
  const errors: Record<string, string> = {};
  for (const [field, message] of userFormChecks(input, mode, context)) {
    if (message && !(field in errors)) errors[field] = message;
  }
  throw badRequest(first.message, errors);
}

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

/** Another writer took the email between our check and our write: the same 409 as the check's. */
async function duplicateEmailAs409<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AdminUserMessages.duplicateEmail);
    throw error;
  }
}

/** POST admin/user: create, or update a back-office user (userID) or an affiliate (userId). */
export async function saveAdminUser(
  ctx: AppContext,
  actor: SessionUser,
  request: SaveUserInput,
): Promise<SaveAdminUserResponse> {
  const context = await userFormContext(ctx.db);
  const values = checkWithContext(request.input, request.mode, context);
  if (request.mode === 'add') return createUser(ctx, actor, values);
  if (request.mode === 'edit') return updateStaffUser(ctx, actor, request.id as number, values);
  return updateAffiliate(ctx, actor, request.id as number, values);
}

type FormValues = ReturnType<typeof userFormValues>;

async function createUser(ctx: AppContext, actor: SessionUser, values: FormValues) {
  // Hashing is slow: done before the transaction, so no row waits on it.
  const temporaryPassword = generateTemporaryPassword();
  const hash = await hashPassword(temporaryPassword);
  const details = staffDetails(values);
  return duplicateEmailAs409(() =>
    ctx.db.transaction(async (tx) => {
      if (await emailTaken(tx, details.email)) throw conflict(AdminUserMessages.duplicateEmail);
      const now = ctx.now();
      const userId = await insertUser(tx, details, hash, now);
      const user = await findUser(tx, userId);
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'user.create',
        entityType: 'user',
        entityId: userId,
        toStatus: 'Active',
        details: { role: user?.role, temporaryPasswordIssued: true },
        at: now,
      });
      const email = welcomeEmail({ ...details, role: user?.role ?? 'user' }, temporaryPassword);
      await enqueueMessage(tx, { channel: 'email', recipient: details.email, ...email });
      return { message: AdminUserMessages.created, userID: userId };
    }),
  );
}

function staffDetails(values: FormValues): UserDetailsInput {
  return {
    fullName: values.fullName,
    email: values.email,
    phoneCode: values.phoneCode,
    mobileNumber: values.mobileNumber,
    roleId: values.roleID as number,
    countryId: values.countryID ?? null,
  };
}

async function updateStaffUser(ctx: AppContext, actor: SessionUser, userId: number, values: FormValues) {
  const details = staffDetails(values);
  return duplicateEmailAs409(() =>
    ctx.db.transaction(async (tx) => {
      await lockUserAndActiveAdmins(tx, userId);
      const user = await findUser(tx, userId);
      if (!user) throw notFound(AdminUserMessages.notFound);
      if (user.roleID === RoleId.Affiliate) throw badRequest(AdminUserMessages.notStaff);
      if (await emailTaken(tx, details.email, userId)) throw conflict(AdminUserMessages.duplicateEmail);
      if (user.roleID === RoleId.Admin && details.roleId !== RoleId.Admin) {
        if (userId === actor.userId) throw conflict(AdminUserMessages.cannotChangeOwnRole);
        if (user.isActive && (await otherActiveAdmins(tx, userId)) === 0)
          throw conflict(AdminUserMessages.lastActiveAdmin);
      }
      const now = ctx.now();
      await updateUserDetails(tx, userId, details, now);
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'user.update',
        entityType: 'user',
        entityId: userId,
        details: { changed: changedFields(user, details) },
        at: now,
      });
      return { message: AdminUserMessages.updated, userID: userId };
    }),
  );
}

/** Names of the fields an update changed, for the audit row (the values stay in the user record). */
function changedFields(
  before: Pick<AdminUser, 'fullName' | 'email' | 'phoneCode' | 'mobileNumber' | 'roleID' | 'countryID'>,
  after: Partial<UserDetailsInput> &
    Pick<UserDetailsInput, 'fullName' | 'email' | 'phoneCode' | 'mobileNumber'>,
): string[] {
  const changed: string[] = [];
  if (before.fullName !== after.fullName) changed.push('fullName');
  if (before.email.toLowerCase() !== after.email) changed.push('email');
  if (before.phoneCode !== after.phoneCode) changed.push('phoneCode');
  if (before.mobileNumber !== after.mobileNumber) changed.push('mobileNumber');
  if (after.roleId !== undefined && before.roleID !== after.roleId) changed.push('roleID');
  if (after.roleId !== undefined && (before.countryID ?? null) !== (after.countryId ?? null))
    changed.push('countryID');
  return changed;
}

async function updateAffiliate(ctx: AppContext, actor: SessionUser, userId: number, values: FormValues) {
  return duplicateEmailAs409(() =>
    ctx.db.transaction(async (tx) => {
      const user = await findUser(tx, userId, true);
      if (!user) throw notFound(AdminUserMessages.notFound);
      const affiliate = user.roleID === RoleId.Affiliate ? await findAffiliateOfUser(tx, userId) : undefined;
      if (!affiliate) throw badRequest(AdminUserMessages.notAffiliate);
      if (await emailTaken(tx, values.email, userId)) throw conflict(AdminUserMessages.duplicateEmail);
      const now = ctx.now();
      const contact = {
        fullName: values.fullName,
        email: values.email,
        phoneCode: values.phoneCode,
        mobileNumber: values.mobileNumber,
      };
      // The role and country stay as they are: an affiliate's country is its KYC's.
      await updateUserDetails(
        tx,
        userId,
        { ...contact, roleId: RoleId.Affiliate, countryId: user.countryID ?? affiliate.countryId },
        now,
      );
      await updateAffiliateContact(tx, affiliate.affiliateId, contact, now);
      await recordAudit(tx, {
        actorUserId: actor.userId,
        action: 'affiliate.update',
        entityType: 'affiliate',
        entityId: affiliate.affiliateId,
        details: { changed: changedFields(user, contact) },
        at: now,
      });
      return { message: AdminUserMessages.updated, userID: userId };
    }),
  );
}

/**
 * POST admin/user/delete/{id}: the user is made inactive (never removed: its history stays) and its
 * sessions end at once. An admin cannot do it to itself, nor to the last active admin.
 */
export async function deactivateAdminUser(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
): Promise<DeleteAdminUserResponse> {
  return ctx.db.transaction(async (tx: Sql) => {
    await lockUserAndActiveAdmins(tx, userId);
    const user = await findUser(tx, userId);
    if (!user) throw notFound(AdminUserMessages.notFound);
    if (user.roleID === RoleId.Affiliate) throw conflict(AdminUserMessages.affiliateFromList);
    if (userId === actor.userId) throw conflict(AdminUserMessages.cannotDeactivateSelf);
    if (!user.isActive) throw conflict(AdminUserMessages.alreadyInactive);
    if (user.roleID === RoleId.Admin && (await otherActiveAdmins(tx, userId)) === 0)
      throw conflict(AdminUserMessages.lastActiveAdmin);
    await changeActive(tx, actor, userId, false, ctx.now());
    return { message: Messages.deleted, userID: userId };
  });
}

/** POST admin/user/activate/{id} (beyond the spec): an inactive back-office or admin user is made active again. */
export async function activateAdminUser(
  ctx: AppContext,
  actor: SessionUser,
  userId: number,
): Promise<ActivateAdminUserResponse> {
  return ctx.db.transaction(async (tx: Sql) => {
    const user = await findUser(tx, userId, true);
    if (!user) throw notFound(AdminUserMessages.notFound);
    if (user.roleID === RoleId.Affiliate) throw conflict(AdminUserMessages.affiliateActivateFromList);
    if (user.isActive) throw conflict(AdminUserMessages.alreadyActive);
    await changeActive(tx, actor, userId, true, ctx.now());
    return { message: AdminUserMessages.activated, userID: userId };
  });
}

/** Makes the user active or inactive, with its audit row. */
async function changeActive(tx: Sql, actor: SessionUser, userId: number, active: boolean, now: Date) {
  await setActive(tx, userId, active, now);
  await recordAudit(tx, {
    actorUserId: actor.userId,
    action: active ? 'user.activate' : 'user.inactivate',
    entityType: 'user',
    entityId: userId,
    fromStatus: active ? 'Inactive' : 'Active',
    toStatus: active ? 'Active' : 'Inactive',
    at: now,
  });
}
