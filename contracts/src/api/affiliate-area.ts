import { z } from 'zod';
import { Messages } from '../messages';
import { AFFILIATE_STATUSES } from '../roles';
import type { AffiliateStatus } from '../roles';
import { accountNumberError, normaliseAccountNumber } from '../rules/account-number';
import { fullNameError, normaliseFullName } from '../rules/full-name';
import { identityNumberDigits, identityNumberFormatError } from '../rules/identity-number';
import { toId } from '../rules/registration-checks';
import { DateParam, SearchText, withoutControlCharacters } from './common';
import { ReturnedKycPart } from './kyc-parts';

// The affiliate's own area (issue 13): re-KYC, My Orders and My Retailers.

/** Messages the spec leaves to us for the affiliate's own area; the spec's own are in `Messages`. */
export const AffiliateAreaMessages = {
  notYourRecord: 'You can only update your own KYC details.',
  notRejected: 'Only an affiliate whose KYC was rejected can submit re-KYC.',
  invalidId: 'Affiliate ID must be a positive whole number.',
  fieldNotText: 'This field must be text.',
  invalidPage: 'Page must be a whole number of 1 or more.',
  invalidPageSize: 'Page size must be a whole number from 1 to 100.',
  invalidOrderStatus: 'status must be ALL or one of: Delivered, Completed, Pending, Processing, Rejected.',
  dateOrder: 'From date must not be after to date.',
} as const;

// ---- re-KYC -----------------------------------------------------------------------------------------

/** `GET affiliate/rekyc-details`: the caller's KYC profile, with the remark of the rejection. */
export const ReKycDetails = z.object({
  affiliateID: z.number().int(),
  affiliateCode: z.string(),
  fullName: z.string(),
  email: z.string(),
  phoneCode: z.string(),
  mobileNumber: z.string(),
  identityType: z.enum(['BVN', 'NIN']),
  ninOrBVN: z.string(),
  bankID: z.number().int(),
  bankName: z.string(),
  accountNumber: z.string(),
  status: z.enum(AFFILIATE_STATUSES as [AffiliateStatus, ...AffiliateStatus[]]),
  /** Why the KYC was rejected (the latest decision's remark). */
  remark: z.string().nullable(),
  /**
   * Issue 50: the parts the reviewer returned, each with its reason; the page asks only for these. Empty or
   * absent: the whole registration was rejected and every field is asked for, as the spec's form does.
   */
  returnedParts: z.array(ReturnedKycPart).optional(),
  /** A returned selfie taken again and saved, waiting for the submit. */
  selfieRetaken: z.boolean().optional(),
});
export type ReKycDetails = z.infer<typeof ReKycDetails>;

/** The editable fields of the re-KYC form, as the form holds them. */
export interface ReKycFields {
  fullName?: string | null;
  ninOrBVN?: string | null;
  bankID?: number | string | null;
  accountNumber?: string | null;
}

/**
 * The re-KYC rules of spec §5, in its order: full name, NIN or BVN (required, then 'provided NIN or BVN is not
 * valid.' when a format rule of `identityNumberFormatError` fails: the rules are the same for BVN and NIN),
 * bank, account number. The first entry is the message to show; the form shows each field's own.
 */
export function reKycErrors(value: ReKycFields): Array<[keyof ReKycFields, string]> {
  const nin = typeof value.ninOrBVN === 'string' ? value.ninOrBVN : '';
  const checks: Array<[keyof ReKycFields, string | undefined]> = [
    ['fullName', fullNameError(value.fullName)],
    [
      'ninOrBVN',
      !nin.trim()
        ? Messages.ninOrBvnRequired
        : identityNumberFormatError(nin, 'BVN')
          ? Messages.ninOrBvnInvalid
          : undefined,
    ],
    ['bankID', toId(value.bankID) ? undefined : Messages.bankRequired],
    ['accountNumber', accountNumberError(value.accountNumber)],
  ];
  return checks.filter((check): check is [keyof ReKycFields, string] => check[1] !== undefined);
}

const looseText = withoutControlCharacters(z.string({ error: AffiliateAreaMessages.fieldNotText }).max(2000))
  .nullish()
  .transform((value) => value ?? undefined);
const looseId = z.union([z.number(), withoutControlCharacters(z.string().max(20))]).nullish();

/**
 * `POST affiliate/rekyc` (spec §7 payload). email, mobileNumber and identityType are read-only on the form:
 * they are accepted so the spec's payload validates, and ignored by the server.
 */
export const ReKycRequest = z
  .object({
    affiliateID: z
      .union(
        [
          z.number(),
          z
            .string()
            .trim()
            .regex(/^\d{1,18}$/)
            .transform(Number),
        ],
        {
          error: AffiliateAreaMessages.invalidId,
        },
      )
      .pipe(
        z
          .number({ error: AffiliateAreaMessages.invalidId })
          .int({ error: AffiliateAreaMessages.invalidId })
          .positive({ error: AffiliateAreaMessages.invalidId })
          .max(Number.MAX_SAFE_INTEGER, { error: AffiliateAreaMessages.invalidId }),
      ),
    fullName: looseText,
    email: looseText,
    mobileNumber: looseText,
    identityType: looseText,
    ninOrBVN: looseText,
    bankID: looseId,
    accountNumber: looseText,
  })
  .superRefine((value, ctx) => {
    for (const [path, message] of reKycErrors(value)) ctx.addIssue({ code: 'custom', message, path: [path] });
  })
  .transform((value) => ({
    affiliateID: value.affiliateID,
    fullName: normaliseFullName(value.fullName ?? ''),
    ninOrBVN: identityNumberDigits(value.ninOrBVN ?? ''),
    bankID: toId(value.bankID) ?? 0,
    accountNumber: normaliseAccountNumber(value.accountNumber ?? ''),
  }));
export type ReKycRequest = z.input<typeof ReKycRequest>;

// ---- My Orders and My Retailers ------------------------------------------------------------------------

export const MY_LIST_PAGE_SIZE = 25;
export const MY_LIST_MAX_PAGE_SIZE = 100;

/** Order statuses as the affiliate sees them (spec §4 "Other states"). */
export const AFFILIATE_ORDER_STATUSES = [
  'Delivered',
  'Completed',
  'Pending',
  'Processing',
  'Rejected',
] as const;
export type AffiliateOrderStatus = (typeof AFFILIATE_ORDER_STATUSES)[number];

const positiveIntFromQuery = (message: string, max?: number) =>
  z
    .string({ error: message })
    .trim()
    .regex(/^\d{1,9}$/, { error: message })
    .transform(Number)
    .refine((value) => value >= 1 && (max === undefined || value <= max), { error: message });

/** ALL (or empty) for every status; otherwise one status, any letter case. */
export const AffiliateOrderStatusFilter = z
  .string({ error: AffiliateAreaMessages.invalidOrderStatus })
  .trim()
  .transform((value, ctx) => {
    if (value === '' || value.toLowerCase() === 'all') return undefined;
    const status = AFFILIATE_ORDER_STATUSES.find((name) => name.toLowerCase() === value.toLowerCase());
    if (!status) {
      ctx.addIssue({ code: 'custom', message: AffiliateAreaMessages.invalidOrderStatus });
      return z.NEVER;
    }
    return status;
  });

const optionalDate = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(DateParam.optional());

const paging = {
  page: positiveIntFromQuery(AffiliateAreaMessages.invalidPage).optional(),
  pageSize: positiveIntFromQuery(AffiliateAreaMessages.invalidPageSize, MY_LIST_MAX_PAGE_SIZE).optional(),
  search: SearchText.optional(),
};

/**
 * `GET affiliate/myorder`: with none of these parameters the whole list (an array, as the spec shows); with
 * any of them one page. fromDate and toDate are order dates, both ends included.
 */
export const MyOrdersQuery = z
  .object({
    ...paging,
    status: AffiliateOrderStatusFilter.optional(),
    fromDate: optionalDate.optional(),
    toDate: optionalDate.optional(),
  })
  .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
    path: ['fromDate'],
    error: AffiliateAreaMessages.dateOrder,
  });
export type MyOrdersQuery = z.input<typeof MyOrdersQuery>;

/** One order of the caller's network (spec §2 My Orders). orderDate is yyyy-MM-dd; orderValue in naira. */
export const AffiliateOrder = z.object({
  orderId: z.string(),
  orderDate: z.string(),
  orderValue: z.number(),
  faoName: z.string(),
  faoMobileNo: z.string(),
  status: z.enum(AFFILIATE_ORDER_STATUSES),
});
export type AffiliateOrder = z.infer<typeof AffiliateOrder>;

export const AffiliateOrderPage = z.object({
  results: z.array(AffiliateOrder),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AffiliateOrderPage = z.infer<typeof AffiliateOrderPage>;

/** `GET affiliate/retiler-network`: the same paging; search over retailer ID, names, mobile and location. */
export const MyRetailersQuery = z.object(paging);
export type MyRetailersQuery = z.input<typeof MyRetailersQuery>;

/** One retailer of the caller's network (spec §2 My Retailers). */
export const AffiliateRetailer = z.object({
  retailerId: z.string(),
  faoName: z.string(),
  faoMobileNo: z.string(),
  clusterManager: z.string(),
  businessName: z.string(),
  location: z.string(),
});
export type AffiliateRetailer = z.infer<typeof AffiliateRetailer>;

export const AffiliateRetailerPage = z.object({
  results: z.array(AffiliateRetailer),
  totalCount: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type AffiliateRetailerPage = z.infer<typeof AffiliateRetailerPage>;
