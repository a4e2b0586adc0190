import { landingPathFor } from '../landing-path';

describe('landingPathFor (spec §4, login and logout)', () => {
  it('sends a user flagged for a forced update to update-password, whatever the role', () => {
    for (const roleID of [1, 2, 3]) {
      expect(landingPathFor({ roleID, forcePasswordUpdate: true, userRights: ['re-kyc'] })).toBe(
        '/update-password',
      );
    }
  });
  it('sends admins and back office to their dashboards', () => {
    expect(landingPathFor({ roleID: 1, forcePasswordUpdate: false, userRights: ['dashboard'] })).toBe(
      '/admin-dashboard',
    );
    expect(landingPathFor({ roleID: 2, forcePasswordUpdate: false, userRights: [] })).toBe(
      '/backoffice-dashboard',
    );
  });
  it('sends an affiliate to re-kyc when the right is held, else to the affiliate dashboard', () => {
    expect(landingPathFor({ roleID: 3, forcePasswordUpdate: false, userRights: ['re-kyc'] })).toBe('/re-kyc');
    expect(
      landingPathFor({
        roleID: 3,
        forcePasswordUpdate: false,
        userRights: ['affiliate_dashboard', 'affiliate_orders'],
      }),
    ).toBe('/affiliate-dashboard');
  });
  it('sends an unknown role to page-not-found', () => {
    expect(landingPathFor({ roleID: 9, forcePasswordUpdate: false, userRights: [] })).toBe('/page-not-found');
  });
});
