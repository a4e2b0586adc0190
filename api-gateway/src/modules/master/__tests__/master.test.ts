import request from 'supertest';
import { RegisterOptionsResponse, RolesResponse } from '@portal/contracts';
import { DEMO_ACCOUNTS, seedDemoAccounts } from '../../../seed/demo-accounts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { tokenFor } from '../../../../test-support/auth-fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedDemoAccounts(t.ctx.db);
});
afterAll(() => t.close());

test('GET /api/master/affiliate-register-options: countries with Nigeria first, banks by name; no session needed', async () => {
  const res = await request(t.app).get('/api/master/affiliate-register-options');
  expect(res.status).toBe(200);
  const body = RegisterOptionsResponse.parse(res.body);
  expect(body.countries[0]).toEqual({
    countryID: expect.any(Number),
    countryName: 'Nigeria',
    countryCode: 'NG',
    phoneCode: '+234',
    phoneNumberLength: 10,
  });
  expect(body.countries.length).toBeGreaterThan(1);
  const names = body.banks.map((bank) => bank.bankName);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  expect(names).toContain('Guaranty Trust Bank');
});

test('GET /api/master/roles: the three roles with showCountry, for a signed-in user', async () => {
  expect((await request(t.app).get('/api/master/roles')).status).toBe(401);
  const token = await tokenFor(t.app, DEMO_ACCOUNTS.admin.email, DEMO_ACCOUNTS.admin.password);
  const res = await request(t.app).get('/api/master/roles').set('Authorization', `Bearer ${token}`);
  expect(res.status).toBe(200);
  expect(RolesResponse.parse(res.body)).toEqual([
    { roleID: 1, roleName: 'Admin', showCountry: false },
    { roleID: 2, roleName: 'Backoffice', showCountry: true },
    { roleID: 3, roleName: 'Affiliate', showCountry: true },
  ]);
});
