import { canInactivate, modalActions } from '../affiliate-modal-actions';

describe('view modal buttons (spec §4)', () => {
  it.each([
    ['backoffice', 'KYC Pending', ['reject', 'approve']],
    ['backoffice', 'KYC Rejected', ['approve']],
    ['backoffice', 'KYC Complete', []],
    ['backoffice', 'Inactive', []],
    ['admin', 'KYC Pending', ['reject', 'approve']],
    ['admin', 'KYC Rejected', ['approve']],
    ['admin', 'KYC Complete', ['reject']],
    ['admin', 'Inactive', ['activate']],
  ] as const)('%s, %s → %j', (mode, status, expected) => {
    expect(modalActions(mode, status)).toEqual(expected);
  });

  it('drops a button the server says the caller may not use', () => {
    expect(modalActions('admin', 'KYC Pending', ['approve', 'inactivate'])).toEqual(['approve']);
  });

  it('offers Delete (make inactive) for every status but Inactive', () => {
    expect(canInactivate('backoffice', 'KYC Pending')).toBe(true);
    expect(canInactivate('admin', 'KYC Complete')).toBe(true);
    expect(canInactivate('admin', 'Inactive')).toBe(false);
  });
});
