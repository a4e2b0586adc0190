import { homePathFor, landingPathFor } from '../landing-path';

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
    expect(
      landingPathFor({ roleID: 2, forcePasswordUpdate: false, userRights: ['backoffice_dashboard'] }),
    ).toBe('/backoffice-dashboard');
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

describe('homePathFor (Go Home, issue 13: a rejected affiliate is never sent to a page its menu lacks)', () => {
  it("leads to the role's dashboard when the menu holds it", () => {
    expect(homePathFor({ roleID: 3, userRights: ['affiliate_dashboard', 'affiliate_orders'] })).toBe(
      '/affiliate-dashboard',
    );
    expect(homePathFor({ roleID: 1, userRights: ['dashboard', 'reports'] })).toBe('/admin-dashboard');
  });
  it('otherwise leads to the first entry of the menu', () => {
    expect(homePathFor({ roleID: 3, userRights: ['re-kyc'] })).toBe('/re-kyc');
    expect(homePathFor({ roleID: 1, userRights: ['manage_users', 'allusers', 'reports'] })).toBe(
      '/admin/users',
    );
  });
  it('leads to page-not-found when the menu is empty', () => {
    expect(homePathFor({ roleID: 2, userRights: [] })).toBe('/page-not-found');
    expect(landingPathFor({ roleID: 2, forcePasswordUpdate: false, userRights: [] })).toBe('/page-not-found');
  });
});
