import { z } from 'zod';
import { DateMessages, OptionalDateParam } from './common';

/** The admin order list's page size, decided by the server (spec §9). */
export const ADMIN_ORDER_PAGE_SIZE = 25;

/** What the orders table stores (spec §4, affiliate view). */
export const ORDER_STATUSES = ['Pending', 'Processing', 'Delivered', 'Completed', 'Rejected'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The admin view's two statuses (spec §4): an order is pending until it is finished, then completed. */
export const ADMIN_ORDER_STATUSES = ['pending', 'completed'] as const;
export type AdminOrderStatus = (typeof ADMIN_ORDER_STATUSES)[number];

/**
 * Stored status → admin status (docs/decisions.md): Pending and Processing are still open; Delivered, Completed
 * and Rejected are finished, nothing more happens to them.
 */
export const ADMIN_STATUS_OF: Readonly<Record<OrderStatus, AdminOrderStatus>> = {
  Pending: 'pending',
  Processing: 'pending',
  Delivered: 'completed',
  Completed: 'completed',
  Rejected: 'completed',
};

/** The stored statuses an admin status stands for. */
export function storedStatusesOf(status: AdminOrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((stored) => ADMIN_STATUS_OF[stored] === status);
}

export const OrderMessages = {
  invalidDate: DateMessages.format,
  dateOutOfRange: DateMessages.range,
  dateOrder: 'Start Date must be on or before End Date.',
  invalidStatus: 'Status must be ALL, pending or completed.',
  invalidPage: 'Page must be a whole number of 1 or more.',
} as const;

/** `status`: ALL (the default, also when empty), pending or completed, in any letter case. */
export const AdminOrderStatusFilter = z
  .string({ error: OrderMessages.invalidStatus })
  .trim()
  .transform((value, ctx): AdminOrderStatus | undefined => {
    const lower = value.toLowerCase();
    if (lower === '' || lower === 'all') return undefined;
    const status = ADMIN_ORDER_STATUSES.find((candidate) => candidate === lower);
    if (!status) {
      ctx.addIssue({ code: 'custom', message: OrderMessages.invalidStatus });
      return z.NEVER;
    }
    return status;
  });

/**
 * Query of `GET admin/allorder` and `GET admin/allorder/{page}`: both dates inclusive, whole business days
 * (yyyy-MM-dd, the order's day in Nigeria's time), either may be left out.
 */
export const AdminOrderQuery = z
  .object({
    fromDate: OptionalDateParam,
    toDate: OptionalDateParam,
    status: AdminOrderStatusFilter.optional(),
  })
  .refine((query) => !query.fromDate || !query.toDate || query.fromDate <= query.toDate, {
    path: ['toDate'],
    error: OrderMessages.dateOrder,
  });
export type AdminOrderQuery = z.input<typeof AdminOrderQuery>;

/** `{page}` of `GET admin/allorder/{page}`: 1 or more; a page past the end answers no rows. */
export const AdminOrderPageParam = z
  .string({ error: OrderMessages.invalidPage })
  .regex(/^\d{1,9}$/, { error: OrderMessages.invalidPage })
  .transform(Number)
  .refine((page) => page >= 1, { error: OrderMessages.invalidPage });

/** The spec's admin order (§3). orderID is the order's code (e.g. ORD00012345); amounts are naira. */
export const AdminOrder = z.object({
  orderID: z.string(),
  orderDate: z.string(),
  buyerName: z.string(),
  totalAmount: z.number(),
  faoName: z.string(),
  faoMobileNo: z.string(),
  status: z.enum(ADMIN_ORDER_STATUSES),
  /** Beyond the spec: the stored status behind `status` (Pending … Rejected), for the badge's detail. */
  orderStatus: z.enum(ORDER_STATUSES),
});
export type AdminOrder = z.infer<typeof AdminOrder>;

/** The cards: every order of the date range, whatever the status filter, and the two halves of it. */
export const AdminOrderCount = z.object({
  totalOrders: z.number().int(),
  pendingOrders: z.number().int(),
  completedOrders: z.number().int(),
});
export type AdminOrderCount = z.infer<typeof AdminOrderCount>;

export const AdminOrderListResponse = z.object({
  data: z.object({
    results: z.array(AdminOrder),
    totalCount: z.number().int(),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
  }),
  orderCount: AdminOrderCount,
});
export type AdminOrderListResponse = z.infer<typeof AdminOrderListResponse>;
