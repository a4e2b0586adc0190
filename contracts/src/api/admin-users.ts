import { z } from 'zod';
import { Messages } from '../messages';
import { emailError, normaliseEmail } from '../rules/email';
import { fullNameError, normaliseFullName } from '../rules/full-name';
import { mobileNumberError, normaliseMobileNumber } from '../rules/mobile-number';
import { toId } from '../rules/registration-checks';
import { SearchText } from './common';

/** Rows per page of the admin users list (the affiliate list's size, spec §9). */
export const ADMIN_USER_PAGE_SIZE = 10;
export const ADMIN_USER_MAX_PAGE_SIZE = 100;

/** Messages the spec leaves to us for the admin user calls; the spec's own are in `Messages`. */
export const AdminUserMessages = {
  created: 'User created successfully. A temporary password has been emailed to the user.',
  updated: 'User updated successfully.',
  notFound: 'User not found.',
  invalidId: 'User ID must be a positive whole number.',
  bothIds: 'Send userID for a back-office user or userId for an affiliate, not both.',
  duplicateEmail: 'A user with this email already exists.',
  unknownRole: 'Please select a valid role.',
  unknownCountry: 'Please select a valid country.',
  unknownCountryCode: 'Please select a valid country code.',
  mobileDigits: 'Mobile number must contain only digits.',
  notStaff: 'This user is an affiliate; update it with userId.',
  notAffiliate: 'This user is not an affiliate; update it with userID.',
  affiliateFromList: 'Affiliates are made inactive from the affiliate list.',
  alreadyInactive: 'This user is already inactive.',
  alreadyActive: 'This user is already active.',
  activated: 'User activated successfully.',
  affiliateActivateFromList: 'Affiliates are made active from the affiliate list.',
  cannotChangeOwnRole: 'You cannot change your own role.',
  cannotDeactivateSelf: 'You cannot make your own account inactive.',
  lastActiveAdmin:
    'This is the last active admin. Make another admin active before making this one inactive.',
  invalidStatusFilter: "status must be 'all', 'active' or 'inactive'.",
  invalidPage: 'Page must be a whole number of 1 or more.',
  invalidPageSize: `Page size must be a whole number from 1 to ${ADMIN_USER_MAX_PAGE_SIZE}.`,
} as const;

// ---- the user forms (spec §5 User forms), one ordered rule for the form and the server -------------

/** What the rules need of the roles and countries: which roles ask for a country, each code's mobile length. */
export interface UserFormContext {
  roles: readonly { roleID: number; showCountry: boolean }[];
  countries: readonly { countryID: number; phoneCode: string; phoneNumberLength: number }[];
}

/**
 * add: the Add user form ('Please select role.'); edit: editing a back-office user ('Please provide role.');
 * affiliate: editing an affiliate (no role, no country).
 */
export type UserFormMode = 'add' | 'edit' | 'affiliate';

const looseText = z.string().nullish();
const looseId = z.union([z.number(), z.string()]).nullish();

export const userFormShape = {
  fullName: looseText,
  email: looseText,
  phoneCode: looseText,
  mobileNumber: looseText,
  roleID: looseId,
  countryID: looseId,
};

export type UserFormInput = z.input<z.ZodObject<typeof userFormShape>>;

const PHONE_CODE = /^\+\d{1,4}$/;
const MOBILE_MAX_DIGITS = 15;

type Check = readonly [path: keyof typeof userFormShape, message: string | undefined];

const isMissing = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Whether the role asks for a country; undefined when the role (or the context) is unknown. */
export function roleShowsCountry(context: UserFormContext | undefined, roleID: unknown): boolean | undefined {
  const id = toId(roleID);
  return context?.roles.find((role) => role.roleID === id)?.showCountry;
}

/**
 * The checks in the spec's order: full name, email, country code, mobile, role, then country when the role
 * shows it. Without a context (the request's own shape, before the server reads roles and countries) only
 * what needs no reference data is checked; with it, the mobile length of the code's country, the role and
 * the country are checked too.
 */
export function userFormChecks(value: UserFormInput, mode: UserFormMode, context?: UserFormContext): Check[] {
  const phoneCode = typeof value.phoneCode === 'string' ? value.phoneCode.trim() : '';
  const codeCountry = context?.countries.find((country) => country.phoneCode === phoneCode);
  const phoneCodeError = !phoneCode
    ? Messages.countryCodeRequired
    : !PHONE_CODE.test(phoneCode) || (context && !codeCountry)
      ? AdminUserMessages.unknownCountryCode
      : undefined;

  let mobileError: string | undefined;
  if (isMissing(value.mobileNumber)) mobileError = Messages.mobileRequired;
  else if (codeCountry) mobileError = mobileNumberError(value.mobileNumber, codeCountry.phoneNumberLength);
  else {
    const digits = normaliseMobileNumber(String(value.mobileNumber));
    if (!/^\d+$/.test(digits) || digits.length > MOBILE_MAX_DIGITS)
      mobileError = AdminUserMessages.mobileDigits;
  }

  const checks: Check[] = [
    ['fullName', fullNameError(value.fullName)],
    ['email', emailError(value.email)],
    ['phoneCode', phoneCodeError],
    ['mobileNumber', mobileError],
  ];
  if (mode === 'affiliate') return checks;

  const roleID = toId(value.roleID);
  const roleError = isMissing(value.roleID)
    ? mode === 'add'
      ? Messages.roleRequired
      : Messages.roleProvide
    : roleID === undefined || (context && !context.roles.some((role) => role.roleID === roleID))
      ? AdminUserMessages.unknownRole
      : undefined;
  checks.push(['roleID', roleError]);

  const showCountry = roleShowsCountry(context, roleID);
  let countryError: string | undefined;
  if (context === undefined) {
    // Whether it is needed is not known yet; a value sent must at least be an id.
    if (!isMissing(value.countryID) && toId(value.countryID) === undefined)
      countryError = AdminUserMessages.unknownCountry;
  } else if (showCountry) {
    const countryID = toId(value.countryID);
    if (isMissing(value.countryID)) countryError = Messages.countryRequired;
    else if (!context.countries.some((country) => country.countryID === countryID))
      countryError = AdminUserMessages.unknownCountry;
  }
  checks.push(['countryID', countryError]);
  return checks;
}

/** The first broken rule, in the spec's order: what the server answers as `message`. */
export function firstUserFormError(
  value: UserFormInput,
  mode: UserFormMode,
  context?: UserFormContext,
): { field: string; message: string } | undefined {
  const broken = userFormChecks(value, mode, context).find(([, message]) => message);
  return broken ? { field: broken[0], message: broken[1] as string } : undefined;
}

/** The clean values; countryID only when the role shows country (spec §5: "countryID is sent only then"). */
export function userFormValues(value: UserFormInput, context?: UserFormContext) {
  const roleID = toId(value.roleID);
  const showCountry = roleShowsCountry(context, roleID);
  return {
    fullName: normaliseFullName(value.fullName ?? ''),
    email: normaliseEmail(value.email ?? ''),
    phoneCode: (value.phoneCode ?? '').trim(),
    mobileNumber: normaliseMobileNumber(value.mobileNumber ?? ''),
    roleID,
    countryID: showCountry === false ? undefined : toId(value.countryID),
  };
}
export type UserFormValues = ReturnType<typeof userFormValues>;

/** The form's schema: every rule with the roles and countries the form loaded; each field shows its own message. */
export function userFormSchema(mode: UserFormMode, context: UserFormContext) {
  return z
    .object(userFormShape)
    .superRefine((value, ctx) => {
      for (const [path, message] of userFormChecks(value, mode, context)) {
        if (message) ctx.addIssue({ code: 'custom', message, path: [path] });
      }
    })
    .transform((value) => userFormValues(value, context));
}

// ---- POST admin/user: create, or update with userID (back office) / userId (affiliate) -------------

const idField = z
  .union([z.number(), z.string()], { error: AdminUserMessages.invalidId })
  .transform((value, ctx) => {
    // 0 and an empty string are how a form says "no id yet": a creation.
    if (value === 0 || (typeof value === 'string' && /^\s*0*\s*$/.test(value))) return undefined;
    const id = toId(value);
    if (id === undefined || (typeof value === 'string' && !/^\s*\d{1,15}\s*$/.test(value))) {
      ctx.addIssue({ code: 'custom', message: AdminUserMessages.invalidId });
      return z.NEVER;
    }
    return id;
  })
  .nullish();

/**
 * The body of `POST admin/user`. Its own checks need no reference data (presence, formats, in the spec's
 * order); the gateway then applies `userFormChecks` with the roles and countries it holds.
 */
export const SaveAdminUserRequest = z
  .object({ ...userFormShape, userID: idField, userId: idField })
  .superRefine((value, ctx) => {
    if (value.userID && value.userId) {
      ctx.addIssue({ code: 'custom', message: AdminUserMessages.bothIds, path: ['userID'] });
      return;
    }
    const mode: UserFormMode = value.userID ? 'edit' : value.userId ? 'affiliate' : 'add';
    for (const [path, message] of userFormChecks(value, mode)) {
      if (message) ctx.addIssue({ code: 'custom', message, path: [path] });
    }
  })
  .transform((value) => ({
    mode: (value.userID ? 'edit' : value.userId ? 'affiliate' : 'add') as UserFormMode,
    id: value.userID ?? value.userId ?? undefined,
    input: {
      fullName: value.fullName,
      email: value.email,
      phoneCode: value.phoneCode,
      mobileNumber: value.mobileNumber,
      roleID: value.roleID,
      countryID: value.countryID,
    } satisfies UserFormInput,
  }));
export type SaveAdminUserRequest = z.input<typeof SaveAdminUserRequest>;

export const SaveAdminUserResponse = z.object({ message: z.string(), userID: z.number().int() });
export type SaveAdminUserResponse = z.infer<typeof SaveAdminUserResponse>;

// ---- GET admin/user, GET admin/user/{id} -------------------------------------------------------------

/** The spec's back-office/admin user (spec §3); createdOn is an ISO instant, shown as yyyy-MM-dd. */
export const AdminUser = z.object({
  userID: z.number().int(),
  fullName: z.string(),
  role: z.string(),
  roleID: z.number().int(),
  email: z.string(),
  phoneCode: z.string(),
  mobileNumber: z.string(),
  countryID: z.number().int().nullable(),
  countryName: z.string().nullable(),
  isActive: z.boolean(),
  createdOn: z.string(),
});
export type AdminUser = z.infer<typeof AdminUser>;

export const AdminUserListResponse = z.array(AdminUser);

export const AdminUserPage = z.object({
  results: z.array(AdminUser),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AdminUserPage = z.infer<typeof AdminUserPage>;

export type AdminUserStatusFilter = 'all' | 'active' | 'inactive';

const positiveIntFromQuery = (message: string, max?: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= 1 && (max === undefined || value <= max), { error: message });

/**
 * Query of `GET admin/user`. Without parameters the call answers every back-office and admin user (an
 * array, spec §7); with any of them, one page (`AdminUserPage`).
 */
export const AdminUserListQuery = z.object({
  page: positiveIntFromQuery(AdminUserMessages.invalidPage).optional(),
  pageSize: positiveIntFromQuery(AdminUserMessages.invalidPageSize, ADMIN_USER_MAX_PAGE_SIZE).optional(),
  search: SearchText.optional(),
  status: z
    .string({ error: AdminUserMessages.invalidStatusFilter })
    .trim()
    .toLowerCase()
    .transform((value) => value || 'all')
    .pipe(z.enum(['all', 'active', 'inactive'], { error: AdminUserMessages.invalidStatusFilter }))
    .optional(),
});
export type AdminUserListQuery = z.input<typeof AdminUserListQuery>;

export const DeleteAdminUserResponse = z.object({ message: z.string(), userID: z.number().int() });
export type DeleteAdminUserResponse = z.infer<typeof DeleteAdminUserResponse>;
export const ActivateAdminUserResponse = z.object({ message: z.string(), userID: z.number().int() });
export type ActivateAdminUserResponse = z.infer<typeof ActivateAdminUserResponse>;
