// `@portal/contracts/affiliate-payouts` is what the affiliate's Payouts page loads instead of the whole contract
// (issue 51: Lighthouse on a budget phone): without zod, and the very same values as the package root's.
jest.mock('zod', () => {
  throw new Error('the affiliate-payouts entry loaded zod');
});

test('the entry loads without zod', () => {
  expect(() => jest.requireActual('../affiliate-payouts')).not.toThrow();
});

test('every name of the entry is the same value as the package root exports', () => {
  const entry = jest.requireActual<Record<string, unknown>>('../affiliate-payouts');
  jest.dontMock('zod');
  jest.resetModules();
  const root = jest.requireActual<Record<string, unknown>>('../index');
  const again = jest.requireActual<Record<string, unknown>>('../affiliate-payouts');
  expect(Object.keys(entry).sort()).toEqual(Object.keys(again).sort());
  const notTheSame = Object.keys(again).filter((name) => again[name] !== root[name]);
  expect(notTheSame).toEqual([]);
  expect(Object.keys(again)).toEqual(
    expect.arrayContaining([
      'AffiliatePayoutsPageEndpoints',
      'AFFILIATE_PAYOUT_STATUS_LABEL',
      'endpointPath',
    ]),
  );
});
