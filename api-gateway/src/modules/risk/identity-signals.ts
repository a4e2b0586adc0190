/**
 * Signals about who an affiliate is and who its retailers are (issue 49): self-dealing, shared payout details,
 * retailer re-homing. Each is one SQL query over the portal's rows answering, per affiliate, `severity`,
 * `summary`, `evidence` (jsonb `{ rows, figures }`) and `evidence_key` (names the rows, not their counts).
 *
 * `scoped` queries look only at the affiliates of $1 (bigint[]) and those their rows connect them to, and give
 * each affiliate its whole evidence (not only the part touching $1), so a scoped pass and a full scan agree.
 * Numbers are compared by their keyed hashes (hashes under one data key; a rotation rewrites them all).
 */

export type Scoped = boolean;

/** The affiliates to judge: all of them (scan), or those of $1 and the ones the `connect` query reaches. */
function scopeIds(scoped: Scoped, connect: string): string {
  if (!scoped) return 'scope_ids AS (SELECT affiliate_id FROM affiliates WHERE $1::bigint[] IS NULL)';
  return `scope_ids AS (SELECT unnest($1::bigint[]) AS affiliate_id UNION ${connect})`;
}

const SELF_DEALING_MATCHES = `
  SELECT 'ownMobile'::text AS matched, own.affiliate_id AS other_id, 3 AS severity
   WHERE risk_mobile_key(r.fao_mobile_no) = risk_mobile_key(own.mobile_number)
  UNION ALL
  SELECT 'ownName', own.affiliate_id, 2 WHERE risk_name_key(r.fao_name) = risk_name_key(own.full_name)
  UNION ALL
  SELECT 'otherAffiliateMobile', o.affiliate_id, 2 FROM affiliates o
   WHERE risk_mobile_key(o.mobile_number) = risk_mobile_key(r.fao_mobile_no) AND o.affiliate_id <> own.affiliate_id`;

/** A retailer's contact (FAO mobile or name) is its own affiliate's, or another affiliate's mobile. */
export function selfDealing(scoped: Scoped): string {
  return `
  WITH ${scopeIds(
    scoped,
    `SELECT r.affiliate_id FROM affiliates a JOIN retailers r
        ON risk_mobile_key(r.fao_mobile_no) = risk_mobile_key(a.mobile_number) WHERE a.affiliate_id = ANY($1::bigint[])`,
  )}
  SELECT r.affiliate_id, max(m.severity)::smallint AS severity,
         count(DISTINCT r.retailer_id) || ' retailer(s) whose contact is an affiliate''s own' AS summary,
         jsonb_build_object('rows', jsonb_agg(jsonb_build_object(
             'type', 'retailer', 'retailerId', r.retailer_id, 'retailerCode', r.retailer_code,
             'businessName', r.business_name, 'matched', m.matched, 'otherAffiliateId', m.other_id)
           ORDER BY r.retailer_id, m.matched, m.other_id)) AS evidence,
         md5(string_agg(r.retailer_id || ':' || m.matched || ':' || m.other_id, ',' ORDER BY r.retailer_id, m.matched, m.other_id)) AS evidence_key
    FROM retailers r
    JOIN affiliates own ON own.affiliate_id = r.affiliate_id
    CROSS JOIN LATERAL (${SELF_DEALING_MATCHES}) m
   WHERE r.affiliate_id IN (SELECT affiliate_id FROM scope_ids)
   GROUP BY r.affiliate_id`;
}

export type SharedDetail = 'sharedAccount' | 'sharedMobile' | 'sharedIdentity';

const SHARED_MATCH: Record<SharedDetail, { on: string; what: string; severity: number }> = {
  sharedAccount: {
    on: 'o.account_number_hash = a.account_number_hash AND o.bank_id = a.bank_id',
    what: 'payout account',
    severity: 3,
  },
  sharedMobile: {
    on: 'risk_mobile_key(o.mobile_number) = risk_mobile_key(a.mobile_number)',
    what: 'mobile number',
    severity: 2,
  },
  sharedIdentity: {
    on: 'o.nin_or_bvn_hash = a.nin_or_bvn_hash AND o.identity_type = a.identity_type',
    what: 'BVN/NIN',
    severity: 3,
  },
};

/** The same payout account, mobile or BVN/NIN on two affiliates, whenever either was written (not only at registration). */
export function sharedDetail(kind: SharedDetail, scoped: Scoped): string {
  const { on, what, severity } = SHARED_MATCH[kind];
  return `
  WITH ${scopeIds(
    scoped,
    `SELECT o.affiliate_id FROM affiliates a JOIN affiliates o ON ${on}
      WHERE a.affiliate_id = ANY($1::bigint[]) AND o.affiliate_id <> a.affiliate_id`,
  )}
  SELECT a.affiliate_id, ${severity}::smallint AS severity,
         'Same ${what} as ' || count(*) || ' other affiliate(s)' AS summary,
         jsonb_build_object('rows', jsonb_agg(jsonb_build_object(
             'type', 'affiliate', 'affiliateId', o.affiliate_id, 'affiliateCode', o.affiliate_code,
             'fullName', o.full_name, 'status', o.status) ORDER BY o.affiliate_id)) AS evidence,
         md5(string_agg(o.affiliate_id::text, ',' ORDER BY o.affiliate_id)) AS evidence_key
    FROM affiliates a
    JOIN affiliates o ON ${on} AND o.affiliate_id <> a.affiliate_id
   WHERE a.affiliate_id IN (SELECT affiliate_id FROM scope_ids)
   GROUP BY a.affiliate_id`;
}

/**
 * A retailer credited on both sides of a change of owner: orders of one retailer credited to an affiliate other
 * than its owner now, or the same shop (FAO mobile) entered again under another affiliate, both with orders.
 * The platform refuses to move a retailer (409), so the second form is how a shop changes hands in practice.
 * Each affiliate on either side gets the case.
 */
export function retailerRehoming(scoped: Scoped): string {
  // One scope condition per branch (a condition over two tables at once would read every order).
  const pairs = (inSet: (column: string) => string) => `
    SELECT r.affiliate_id AS owner_id, o.affiliate_id AS other_id, r.retailer_id, r.retailer_id AS other_retailer_id,
           'ownerChanged'::text AS how
      FROM orders o JOIN retailers r ON r.retailer_id = o.retailer_id
     WHERE o.affiliate_id <> r.affiliate_id AND ${inSet('r.affiliate_id')}
    UNION
    SELECT r.affiliate_id, o.affiliate_id, r.retailer_id, r.retailer_id, 'ownerChanged'
      FROM orders o JOIN retailers r ON r.retailer_id = o.retailer_id
     WHERE o.affiliate_id <> r.affiliate_id AND ${inSet('o.affiliate_id')}
    UNION
    SELECT r.affiliate_id, q.affiliate_id, r.retailer_id, q.retailer_id, 'sameContact'
      FROM retailers r
      JOIN retailers q ON risk_mobile_key(q.fao_mobile_no) = risk_mobile_key(r.fao_mobile_no)
                      AND q.affiliate_id <> r.affiliate_id
     WHERE ${inSet('r.affiliate_id')}
       AND EXISTS (SELECT 1 FROM orders x WHERE x.retailer_id = r.retailer_id)
       AND EXISTS (SELECT 1 FROM orders y WHERE y.retailer_id = q.retailer_id)`;
  const inMarked = (column: string) => `${column} = ANY($1::bigint[])`;
  // An array, not IN (SELECT …): the planner then looks each affiliate's rows up by index instead of hashing the
  // scope against every order (a fixed ~100 ms per chunk at 100k orders on PGlite).
  const inScopeIds = (column: string) => `${column} = ANY((SELECT ids FROM scope_array)::bigint[])`;
  return `
  WITH ${
    scoped
      ? `connected AS (${pairs(inMarked)}),
         scope_ids AS (SELECT unnest($1::bigint[]) AS affiliate_id
                       UNION SELECT owner_id FROM connected UNION SELECT other_id FROM connected),
         scope_array AS (SELECT array_agg(affiliate_id) AS ids FROM scope_ids),`
      : ''
  }
  found AS (${scoped ? pairs(inScopeIds) : pairs(() => '$1::bigint[] IS NULL')}),
  sides AS (SELECT owner_id AS affiliate_id, other_id AS counterpart_id, retailer_id, other_retailer_id, how FROM found
            UNION
            SELECT other_id, owner_id, other_retailer_id, retailer_id, how FROM found)
  SELECT s.affiliate_id, 2::smallint AS severity,
         count(*) || ' retailer(s) credited to another affiliate too' AS summary,
         jsonb_build_object('rows', jsonb_agg(jsonb_build_object(
             'type', 'retailer', 'retailerId', s.retailer_id, 'retailerCode', r.retailer_code,
             'businessName', r.business_name, 'matched', s.how, 'otherAffiliateId', s.counterpart_id,
             'otherRetailerId', s.other_retailer_id)
           ORDER BY s.retailer_id, s.other_retailer_id, s.counterpart_id)) AS evidence,
         md5(string_agg(s.retailer_id || ':' || s.other_retailer_id || ':' || s.counterpart_id || ':' || s.how, ','
                        ORDER BY s.retailer_id, s.other_retailer_id, s.counterpart_id, s.how)) AS evidence_key
    FROM sides s JOIN retailers r ON r.retailer_id = s.retailer_id
   ${scoped ? 'WHERE s.affiliate_id IN (SELECT affiliate_id FROM scope_ids)' : ''}
   GROUP BY s.affiliate_id`;
}
