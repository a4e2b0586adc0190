import {
  RETURN_WINDOW_DEFAULT_DAYS,
  ReturnWindowMessages,
  type ReturnWindow,
  type ReturnWindowList,
  type SaveReturnWindowRequest,
  type SaveReturnWindowResponse,
} from '@portal/contracts';
import type { AppContext } from '../../../context';
import type { Sql } from '../../../db/database';
import type { SessionUser } from '../../../http/session';
import { recordAudit } from '../../audit';

/**
 * Return windows per product category (migration 060): the ledger trigger reads them when an order qualifies,
 * so a change applies to orders qualifying afterwards (docs/decisions.md, "Ledger states").
 */

/** Any number: with the category's hash, one transaction-scoped lock per category, so two saves at once queue. */
const RETURN_WINDOW_LOCK = 7_241_060;

interface WindowRow {
  product_category: string;
  return_days: number | null;
  updated_at: Date | string | null;
  updated_by: string | null;
}

const toWindow = (row: WindowRow): ReturnWindow => ({
  productCategory: row.product_category,
  returnDays: row.return_days ?? RETURN_WINDOW_DEFAULT_DAYS,
  isDefault: row.return_days === null,
  updatedAt: row.updated_at === null ? null : new Date(row.updated_at).toISOString(),
  updatedBy: row.updated_by,
});

/** Every category with a rate or a window set (rates' categories as the current rates list reads them). */
export async function listReturnWindows(sql: Sql): Promise<ReturnWindowList> {
  const { rows } = await sql.query<WindowRow>(
    `SELECT c.product_category, w.return_days, w.updated_at, u.full_name AS updated_by
       FROM (SELECT product_category FROM product_category_return_windows
             UNION SELECT rate_categories()) c
       LEFT JOIN product_category_return_windows w ON w.product_category = c.product_category
       LEFT JOIN users u ON u.user_id = w.updated_by
      ORDER BY c.product_category
      LIMIT 500`,
  );
  return { defaultDays: RETURN_WINDOW_DEFAULT_DAYS, results: rows.map(toWindow) };
}

/** Sets one category's window and audits the change, in one transaction; the same value again changes nothing. */
export function saveReturnWindow(
  ctx: AppContext,
  session: SessionUser,
  body: SaveReturnWindowRequest,
): Promise<SaveReturnWindowResponse> {
  const { productCategory, returnDays } = body;
  return ctx.db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [RETURN_WINDOW_LOCK, productCategory]);
    const { rows: before } = await tx.query<{ return_days: number }>(
      'SELECT return_days FROM product_category_return_windows WHERE product_category = $1',
      [productCategory],
    );
    const fromDays = before[0]?.return_days ?? RETURN_WINDOW_DEFAULT_DAYS;
    const changed = before.length === 0 || fromDays !== returnDays;
    if (changed) {
      const at = ctx.now();
      await tx.query(
        `INSERT INTO product_category_return_windows (product_category, return_days, updated_by, updated_at)
         VALUES ($1, $2, $3, $4)
         ON CONFLICT (product_category) DO UPDATE
            SET return_days = excluded.return_days, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [productCategory, returnDays, session.userId, at],
      );
      await recordAudit(tx, {
        actorUserId: session.userId,
        action: 'commission.return_window',
        entityType: 'product_category',
        entityId: productCategory,
        fromStatus: `${fromDays} days`,
        toStatus: `${returnDays} days`,
        details: { productCategory, fromDays, toDays: returnDays },
        at,
      });
    }
    const { rows } = await tx.query<WindowRow>(
      `SELECT w.product_category, w.return_days, w.updated_at, u.full_name AS updated_by
         FROM product_category_return_windows w LEFT JOIN users u ON u.user_id = w.updated_by
        WHERE w.product_category = $1`,
      [productCategory],
    );
    return {
      message: changed
        ? ReturnWindowMessages.saved(productCategory, returnDays)
        : ReturnWindowMessages.unchanged(productCategory, returnDays),
      changed,
      window: toWindow(rows[0]),
    };
  });
}
