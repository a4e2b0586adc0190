import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { registerAffiliate } from './kyc-registration';
import { DEMO, apiToken } from './kyc-sign-in';

/**
 * Issue 49: a risk case of a new affiliate, planted through the product's own calls as another system and the
 * staff would make them: the affiliate registers and is approved, gets a 10 % rate (the admin's upload), and the
 * retail platform sends a retailer whose contact mobile is the affiliate's own (self-dealing, High) and its
 * delivered orders. The gateway's worker raises the case from the marks within seconds. Never the demo affiliate:
 * other journeys add up its money.
 */
export interface PlantedCase {
  caseId: number;
  affiliateCode: string;
  fullName: string;
  /** The commission of the planted orders (naira text): what confirming withdraws. */
  commission: string;
}

const CATEGORY = 'E2E Risk Beverages';
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

async function bearer(api: APIRequestContext, account: { email: string; password: string }) {
  return { Authorization: `Bearer ${await apiToken(api, account.email, account.password)}` };
}

/** A rates workbook of the template's columns with one row. */
async function rateWorkbook(affiliateCode: string): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Commission');
  sheet.addRow([
    'Affiliate ID',
    'Commission Rate (%)',
    'Product Category',
    'Minimum Order Value',
    'Effective Date',
  ]);
  sheet.addRow([affiliateCode, 10, CATEGORY, 0, '2024-01-01']);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

export async function plantSelfDealingCase(
  api: APIRequestContext,
  name: string,
  orderValues: readonly string[] = [],
): Promise<PlantedCase> {
  const affiliate = await registerAffiliate(api, name);
  const backoffice = await bearer(api, DEMO.backoffice);
  const list = await api.get('/api/backoffice/affiliate', {
    headers: backoffice,
    params: { search: affiliate.email, page: 1 },
  });
  const { results } = (await list.json()) as {
    results: { affiliateID: number; affiliateCode: string; email: string }[];
  };
  const { affiliateID, affiliateCode } = results.find((row) => row.email === affiliate.email)!;
  const approved = await api.post('/api/backoffice/affiliate/kyc', {
    headers: backoffice,
    data: { affiliateID, isActive: true, remark: 'Documents checked' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);

  const admin = await bearer(api, DEMO.admin);
  if (orderValues.length > 0) {
    const uploaded = await api.post('/api/master/commision/upload', {
      headers: admin,
      multipart: {
        data: { name: 'risk-rates.xlsx', mimeType: XLSX_TYPE, buffer: await rateWorkbook(affiliateCode) },
      },
    });
    expect(uploaded.ok(), await uploaded.text()).toBe(true);
  }
  const created = await api.post('/api/admin/api-keys', {
    headers: admin,
    data: { name: `e2e-risk-${randomBytes(4).toString('hex')}` },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const apiKey = { 'X-API-Key': ((await created.json()) as { key: string }).key };

  const retailer = `E2E-RISK-R-${affiliateCode}`;
  const retailers = await api.post('/api/integration/retailers', {
    headers: apiKey,
    data: {
      retailers: [
        {
          externalId: retailer,
          affiliateCode,
          businessName: `${name.split(' ')[0]} Family Store`,
          faoName: 'Shop Keeper',
          faoMobileNo: `0${affiliate.mobileNumber.replace(/^0/, '')}`,
          clusterManager: 'Bisi Adewale',
          location: 'Ikeja, Lagos',
        },
      ],
    },
  });
  expect(retailers.ok(), await retailers.text()).toBe(true);
  const today = new Date().toISOString().slice(0, 10);
  if (orderValues.length > 0) {
    const orders = await api.post('/api/integration/orders', {
      headers: apiKey,
      data: {
        orders: orderValues.map((orderValue, i) => ({
          externalId: `E2E-RISK-O${i + 1}-${affiliateCode}`,
          retailerExternalId: retailer,
          orderDate: today,
          productCategory: CATEGORY,
          orderValue,
          buyerName: 'Kemi Alade',
          status: 'Delivered',
        })),
      },
    });
    expect(orders.ok(), await orders.text()).toBe(true);
  }

  // The worker takes the marks every few seconds.
  let caseId = 0;
  await expect
    .poll(
      async () => {
        for (let page = 1; page <= 20; page += 1) {
          const res = await api.get('/api/risk/cases', { headers: admin, params: { page: String(page) } });
          const body = (await res.json()) as {
            results: { caseId: number; affiliateCode: string; kind: string }[];
          };
          const found = body.results.find(
            (row) => row.affiliateCode === affiliateCode && row.kind === 'selfDealing',
          );
          if (found) return (caseId = found.caseId);
          if (body.results.length < 25) return 0;
        }
        return 0;
      },
      { timeout: 60_000, intervals: [1_000] },
    )
    .toBeGreaterThan(0);
  const kobo = orderValues.reduce((sum, value) => sum + Math.round(Number(value) * 10), 0);
  return {
    caseId,
    affiliateCode,
    fullName: affiliate.fullName,
    commission: `${Math.floor(kobo / 100)}.${String(kobo % 100).padStart(2, '0')}`,
  };
}
