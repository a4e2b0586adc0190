/**
 * Order ingestion over HTTP: POST /api/integration/orders in batches of 1,000 (API key, validation, the
 * reference checks, one INSERT ... ON CONFLICT with the commission computed in it, the statement triggers that
 * keep order_daily_counts and affiliate_commission_months), against a bare multi-row INSERT of the same rows
 * into the same table in the same run, batch by batch in turn so both see the same table size.
 * Target (issue 12): ingestion orders/s ÷ bare INSERT orders/s ≥ 0.5.
 *
 *   npx --yes pnpm@10 --filter bench exec tsx ingest-orders.bench.ts [orders=1000000] [affiliates=200]
 *   DATABASE_URL=postgres://... (same command) runs it on a PostgreSQL server in a throwaway schema.
 */
import { performance } from 'node:perf_hooks';
import { createAffiliate } from '../api-gateway/test-support/affiliate-fixtures';
import { PRODUCT_CATEGORIES } from '../api-gateway/src/seed/vocabulary';
import { send, startGateway } from './gateway-harness';

const ORDERS = Number(process.argv[2] ?? 1_000_000);
const AFFILIATES = Number(process.argv[3] ?? 200);
const RETAILERS_PER_AFFILIATE = 10;
const API_KEY = 'bench-integration-key-0123456789abcdef';
const STATUSES = ['Pending', 'Processing', 'Delivered', 'Completed', 'Rejected'] as const;
const DAY_MS = 86_400_000;
/** The API's limit per call (INTEGRATION_BATCH_MAX in contracts). */
const INTEGRATION_BATCH_MAX = 1_000;
const PRODUCT_CATEGORY_NAMES = PRODUCT_CATEGORIES.map((category) => category.name);

interface IntegrationOrder {
  externalId: string;
  retailerExternalId: string;
  orderDate: string;
  productCategory: string;
  orderValue: string;
  buyerName: string;
  status: string;
}

async function main(): Promise<void> {
  const gateway = await startGateway({ INTEGRATION_API_KEY: API_KEY });
  const { db } = gateway.ctx;
  const post = async (path: string, body: unknown) => {
    const res = await send(`${gateway.baseUrl}/api/integration/${path}`, {
      method: 'POST',
      headers: { 'x-api-key': API_KEY },
      body,
    });
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body.slice(0, 300)}`);
    return JSON.parse(res.body) as { created: number; updated: number; unchanged: number };
  };

  try {
    // A network: affiliates with a rate per category, ten retailers each (sent through the API as well).
    const codes: string[] = [];
    for (let i = 0; i < AFFILIATES; i++)
      codes.push((await createAffiliate(db, { status: 'KYC Complete' })).affiliateCode);
    await db.query(
      `INSERT INTO commission_rates (affiliate_code, product_category, rate_percent, minimum_order_value, effective_date)
     SELECT code, category, 2.5, 5000, DATE '2020-01-01' FROM unnest($1::text[]) AS code, unnest($2::text[]) AS category`,
      [codes, PRODUCT_CATEGORY_NAMES],
    );
    const retailers = codes.flatMap((affiliateCode, a) =>
      Array.from({ length: RETAILERS_PER_AFFILIATE }, (_, r) => ({
        externalId: `BR-${a}-${r}`,
        affiliateCode,
        businessName: `Shop ${a}-${r}`,
        faoName: `Fao ${a}-${r}`,
        faoMobileNo: `0803${String(a * 100 + r).padStart(7, '0')}`,
        clusterManager: 'Bisi Adewale',
        location: 'Ikeja, Lagos',
      })),
    );
    for (let i = 0; i < retailers.length; i += INTEGRATION_BATCH_MAX) {
      await post('retailers', { retailers: retailers.slice(i, i + INTEGRATION_BATCH_MAX) });
    }
    const { rows: known } = await db.query<{
      external_id: string;
      retailer_id: string;
      affiliate_id: string;
      fao_name: string;
      fao_mobile_no: string;
    }>('SELECT external_id, retailer_id, affiliate_id, fao_name, fao_mobile_no FROM retailers');
    const retailerRow = new Map(known.map((row) => [row.external_id, row]));

    const today = Math.floor(Date.now() / DAY_MS);
    const order = (prefix: string, i: number): IntegrationOrder => ({
      externalId: `${prefix}${String(i).padStart(8, '0')}`,
      retailerExternalId: retailers[(i * 7919) % retailers.length].externalId,
      orderDate: new Date((today - (i % 365)) * DAY_MS).toISOString().slice(0, 10),
      productCategory: PRODUCT_CATEGORY_NAMES[i % PRODUCT_CATEGORY_NAMES.length],
      orderValue: `${2000 + ((i * 104_729) % 250_000)}.${String(i % 100).padStart(2, '0')}`,
      buyerName: `Buyer ${i % 997}`,
      status: STATUSES[i % STATUSES.length],
    });

    /** The same rows as a bare multi-row INSERT: affiliate and FAO looked up in memory, no commission. */
    const bareInsert = async (batch: IntegrationOrder[]) => {
      const params: unknown[] = [];
      const tuples = batch.map((o) => {
        const r = retailerRow.get(o.retailerExternalId)!;
        const base = params.length;
        params.push(
          o.externalId,
          o.externalId,
          r.retailer_id,
          r.affiliate_id,
          o.orderDate,
          o.buyerName,
          o.orderValue,
        );
        params.push(o.productCategory, o.status, r.fao_name, r.fao_mobile_no);
        return `(${Array.from({ length: 11 }, (_, k) => `$${base + k + 1}`).join(', ')})`;
      });
      await db.query(
        `INSERT INTO orders (external_id, order_code, retailer_id, affiliate_id, order_date, buyer_name, order_value,
                           product_category, status, fao_name, fao_mobile_no)
       VALUES ${tuples.join(', ')}`,
        params,
      );
    };

    let httpMs = 0;
    let bareMs = 0;
    let created = 0;
    const batches = Math.ceil(ORDERS / INTEGRATION_BATCH_MAX);
    const started = performance.now();
    for (let b = 0; b < batches; b++) {
      const from = b * INTEGRATION_BATCH_MAX;
      const size = Math.min(INTEGRATION_BATCH_MAX, ORDERS - from);
      const viaHttp = Array.from({ length: size }, (_, k) => order('H-', from + k));
      const bare = Array.from({ length: size }, (_, k) => order('B-', from + k));
      // Alternate which goes first, so neither always meets a freshly grown table or a warm cache.
      const runHttp = async () => {
        const t0 = performance.now();
        created += (await post('orders', { orders: viaHttp })).created;
        httpMs += performance.now() - t0;
      };
      const runBare = async () => {
        const t0 = performance.now();
        await bareInsert(bare);
        bareMs += performance.now() - t0;
      };
      if (b % 2) await runBare().then(runHttp);
      else await runHttp().then(runBare);
      if ((b + 1) % 100 === 0) {
        const elapsed = ((performance.now() - started) / 1000).toFixed(0);
        console.log(`  ${(b + 1) * INTEGRATION_BATCH_MAX} orders each way, ${elapsed} s`);
      }
    }
    if (created !== ORDERS) throw new Error(`created ${created} of ${ORDERS}`);

    // The same batches again change nothing: the idempotent path.
    const resend = Math.min(batches, 20);
    const t0 = performance.now();
    let unchanged = 0;
    for (let b = 0; b < resend; b++) {
      const batch = Array.from({ length: INTEGRATION_BATCH_MAX }, (_, k) =>
        order('H-', b * INTEGRATION_BATCH_MAX + k),
      );
      unchanged += (await post('orders', { orders: batch.slice(0, Math.min(INTEGRATION_BATCH_MAX, ORDERS)) }))
        .unchanged;
    }
    const resendMs = performance.now() - t0;

    const httpRate = ORDERS / (httpMs / 1000);
    const bareRate = ORDERS / (bareMs / 1000);
    const driver = process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\nIngestion of ${ORDERS.toLocaleString('en-US')} orders on ${driver}, batches of ${INTEGRATION_BATCH_MAX}:`,
    );
    console.log(
      `  POST /api/integration/orders   ${httpRate.toFixed(0).padStart(8)} orders/s  (${(httpMs / 1000).toFixed(1)} s)`,
    );
    console.log(
      `  bare multi-row INSERT          ${bareRate.toFixed(0).padStart(8)} orders/s  (${(bareMs / 1000).toFixed(1)} s)`,
    );
    console.log(`  ratio ingestion / bare         ${(httpRate / bareRate).toFixed(2)}  (target >= 0.5)`);
    console.log(
      `  re-sending ${unchanged.toLocaleString('en-US')} unchanged orders: ${((unchanged / resendMs) * 1000).toFixed(0)} orders/s`,
    );
  } finally {
    await gateway.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
