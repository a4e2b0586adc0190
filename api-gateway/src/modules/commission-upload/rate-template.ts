import type express from 'express';
import { COMMISSION_COLUMNS, COMMISSION_TEMPLATE_PATH } from '@portal/contracts';
import { workbookClass } from '../../lib/excel-workbook';

/** Two example rows, as an admin would type them (the demo affiliate is AFF100001). */
const EXAMPLE_ROWS: readonly (readonly [string, number, string, number, Date])[] = [
  ['AFF100001', 2.5, 'Beverages', 5000, new Date(Date.UTC(2026, 0, 1))],
  ['AFF100001', 4, 'Personal Care', 10000, new Date(Date.UTC(2026, 0, 1))],
];

/** The template of spec §2: the five columns, in order, and two example rows. */
export async function commissionTemplate(): Promise<Buffer> {
  const Workbook = workbookClass();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet('Commission');
  sheet.columns = COMMISSION_COLUMNS.map((header) => ({ header, width: Math.max(18, header.length + 4) }));
  for (const row of EXAMPLE_ROWS) sheet.addRow([...row]);
  sheet.getColumn(5).numFmt = 'yyyy-mm-dd';
  sheet.getRow(1).font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/**
 * Serves the template at its host-relative path (spec §7), built once from the column list in contracts,
 * so it never disagrees with what the upload checks and no binary is kept in the repository.
 */
export function mountCommissionTemplate(app: express.Express): void {
  let template: Promise<Buffer> | undefined;
  app.get(COMMISSION_TEMPLATE_PATH, async (_req, res, next) => {
    try {
      template ??= commissionTemplate();
      const body = await template;
      res
        .type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .set({
          'Content-Disposition': 'attachment; filename="sample-affiliate-commission.xlsx"',
          'Cache-Control': 'no-cache',
          'X-Content-Type-Options': 'nosniff',
        })
        .send(body);
    } catch (error) {
      template = undefined;
      next(error);
    }
  });
}
