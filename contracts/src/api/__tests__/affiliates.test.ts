import { AFFILIATE_STATUSES } from '../../roles';
import {
  activationTarget,
  AffiliateListQuery,
  allowedAffiliateActions,
  checkAffiliateTransition,
  KycDecisionRequest,
  alreadyDecidedMessage,
} from '../affiliates';
import { DownloadTokenQuery, LoginReportQuery } from '../reports';

describe('view modal buttons (spec §4)', () => {
  // "Reject when KYC Pending; Approve when KYC Pending or KYC Rejected; Active when admin and Inactive;
  // Reject when admin and KYC Complete" — plus the list's make-inactive for anyone not already inactive.
  test.each([
    [1, 'KYC Pending', ['approve', 'reject', 'inactivate']],
    [1, 'KYC Complete', ['reject', 'inactivate']],
    [1, 'KYC Rejected', ['approve', 'inactivate']],
    [1, 'Inactive', ['activate']],
    [2, 'KYC Pending', ['approve', 'reject', 'inactivate']],
    [2, 'KYC Complete', ['inactivate']],
    [2, 'KYC Rejected', ['approve', 'inactivate']],
    [2, 'Inactive', []],
    [3, 'KYC Pending', []],
  ] as const)('role %i, %s → %j', (role, status, actions) => {
    expect(allowedAffiliateActions(role, status).sort()).toEqual([...actions].sort());
  });

  test('a refusal says whether the role or the state is wrong', () => {
    expect(checkAffiliateTransition(2, 'KYC Complete', 'reject')).toMatchObject({
      ok: false,
      reason: 'role',
    });
    expect(checkAffiliateTransition(1, 'Inactive', 'inactivate')).toMatchObject({
      ok: false,
      reason: 'state',
    });
    expect(checkAffiliateTransition(1, 'KYC Pending', 'reject')).toEqual({
      ok: true,
      to: 'KYC Rejected',
      remarkRequired: true,
    });
  });

  test('activation returns to the status before, or to review', () => {
    expect(activationTarget('KYC Complete')).toBe('KYC Complete');
    expect(activationTarget('KYC Rejected')).toBe('KYC Rejected');
    expect(activationTarget(null)).toBe('KYC Pending');
    expect(activationTarget('Inactive')).toBe('KYC Pending');
    expect(activationTarget('bogus')).toBe('KYC Pending');
    for (const status of AFFILIATE_STATUSES) expect(AFFILIATE_STATUSES).toContain(activationTarget(status));
  });
});

describe('schemas', () => {
  test('reject needs a remark, approve does not', () => {
    const reject = KycDecisionRequest.safeParse({ affiliateID: 5, isActive: false, remark: '  ' });
    expect(reject.success).toBe(false);
    expect(reject.error?.issues[0]).toMatchObject({ message: 'Please provide remark.', path: ['remark'] });
    expect(KycDecisionRequest.parse({ affiliateID: '5', isActive: true })).toEqual({
      affiliateID: 5,
      isActive: true,
      remark: undefined,
    });
  });

  test("a decision may carry the status it was made against; the spec's payload stays valid", () => {
    expect(KycDecisionRequest.parse({ affiliateID: 5, isActive: true, remark: null })).toMatchObject({
      affiliateID: 5,
      isActive: true,
    });
    expect(
      KycDecisionRequest.parse({ affiliateID: 5, isActive: true, expectedStatus: 'KYC Pending' })
        .expectedStatus,
    ).toBe('KYC Pending');
    const wrong = KycDecisionRequest.safeParse({
      affiliateID: 5,
      isActive: true,
      expectedStatus: 'approved',
    });
    expect(wrong.error?.issues[0].path).toEqual(['expectedStatus']);
  });

  test('the stale-decision message names the last change and who made it', () => {
    expect(alreadyDecidedMessage('KYC Complete', { action: 'affiliate.approve', actorName: 'Ada Obi' })).toBe(
      'Already approved by Ada Obi.',
    );
    expect(alreadyDecidedMessage('KYC Rejected', { action: 'affiliate.reject', actorName: null })).toBe(
      'Already rejected.',
    );
    expect(alreadyDecidedMessage('KYC Complete', null)).toBe('This affiliate is now KYC Complete.');
  });

  test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])(
    'list query: status=%s is not a status (found by the schema fuzz: it was a 500)',
    (status) => {
      expect(AffiliateListQuery.safeParse({ status }).success).toBe(false);
    },
  );

  test('list query: aliases and paging', () => {
    expect(AffiliateListQuery.parse({ status: 'active', page: '2' })).toEqual({
      status: 'KYC Complete',
      page: 2,
    });
    expect(AffiliateListQuery.parse({ status: 'all' })).toEqual({ status: undefined });
    expect(AffiliateListQuery.safeParse({ pageSize: '0' }).success).toBe(false);
  });

  test('report dates', () => {
    expect(LoginReportQuery.safeParse({ fromDate: '2025-02-29' }).success).toBe(false);
    expect(LoginReportQuery.safeParse({ fromDate: '2024-02-29', toDate: '2024-03-01' }).success).toBe(true);
    expect(LoginReportQuery.parse({ fromDate: '' })).toEqual({ fromDate: undefined });
  });

  test('a malformed download token is just absent', () => {
    expect(DownloadTokenQuery.parse({ token: ['a', 'b'] })).toEqual({ token: undefined });
    expect(DownloadTokenQuery.parse({})).toEqual({ token: undefined });
  });
});
