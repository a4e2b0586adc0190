import request from 'supertest';
import { AdminUser, AdminUserPage, BackofficeDashboard } from '@portal/contracts';
import { createApp } from '../../../app';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

jest.setTimeout(60_000);

let t: TestApp;
let admin: string;
let adminId: number;
let backoffice: string;
let affiliate: string;

beforeAll(async () => {
  t = await createTestApp();
  adminId = await createStaffUser(t.ctx.db, 1, 'Ada Admin');
  admin = await bearer(t.ctx, adminId);
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  const complete = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
  affiliate = await bearer(t.ctx, complete.userId);
});
afterAll(() => t.close());

let sequence = 0;
const uniqueEmail = (name = 'user') => `${name}${++sequence}.${Date.now()}@example.test`;

const valid = (overrides: Record<string, unknown> = {}) => ({
  fullName: 'Chidi Okafor',
  email: uniqueEmail(),
  phoneCode: '+234',
  mobileNumber: '8031234567',
  roleID: 2,
  countryID: 1,
  ...overrides,
});

const save = (body: unknown, token = admin) =>
  request(t.app)
    .post('/api/admin/user')
    .set('Authorization', token)
    .send(body as object);
const remove = (id: number | string, token = admin) =>
  request(t.app).post(`/api/admin/user/delete/${id}`).set('Authorization', token);
const activate = (id: number | string, token = admin) =>
  request(t.app).post(`/api/admin/user/activate/${id}`).set('Authorization', token);
const get = (path: string, token = admin) => request(t.app).get(`/api${path}`).set('Authorization', token);

async function outboxFor(email: string) {
  const { rows } = await t.ctx.db.query<{ subject: string; body: string }>(
    'SELECT subject, body FROM outbox WHERE lower(recipient) = lower($1) ORDER BY message_id',
    [email],
  );
  return rows;
}

async function auditFor(entityType: string, entityId: number) {
  const { rows } = await t.ctx.db.query<{ action: string; actor_user_id: string; details: unknown }>(
    'SELECT action, actor_user_id, details FROM audit_log WHERE entity_type = $1 AND entity_id = $2 ORDER BY audit_id',
    [entityType, String(entityId)],
  );
  return rows;
}

describe('POST admin/user (create)', () => {
  test('creates a back-office user with a temporary password by email, forced to change it, and an audit row', async () => {
    const body = valid({ fullName: '  Chidi   Okafor ', email: `  ${uniqueEmail('Chidi').toUpperCase()} ` });
    const res = await save(body);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(
      'User created successfully. A temporary password has been emailed to the user.',
    );
    const userID = res.body.userID as number;

    const user = AdminUser.parse((await get(`/admin/user/${userID}`)).body);
    expect(user).toMatchObject({
      userID,
      fullName: 'Chidi Okafor',
      email: (body.email as string).trim().toLowerCase(),
      role: 'Backoffice',
      roleID: 2,
      phoneCode: '+234',
      mobileNumber: '8031234567',
      countryID: 1,
      countryName: 'Nigeria',
      isActive: true,
    });

    const [mail] = await outboxFor(user.email);
    expect(mail.subject).toBe('Your affiliate portal account');
    const password = (mail.body.match(/temporary password:\s+(\S+)/) as RegExpMatchArray)[1];
    const login = await request(t.app).post('/api/login/auth').send({ userName: user.email, password });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ roleID: 2, forcePasswordUpdate: true });
    // Until the password is changed, the session may do nothing else.
    const blocked = await get('/user/dashboard', `Bearer ${login.body.token}`);
    expect(blocked.status).toBe(403);

    expect((await auditFor('user', userID)).map((row) => Number(row.actor_user_id))).toEqual([adminId]);
    expect(await auditFor('user', userID)).toEqual([expect.objectContaining({ action: 'user.create' })]);
    // Recent Activity shows it, by name.
    const dashboard = BackofficeDashboard.parse((await get('/user/dashboard', backoffice)).body);
    expect(dashboard.activities[0]).toMatchObject({
      title: 'User created',
      description: expect.stringContaining(`Chidi Okafor (${user.email})`),
    });
  });

  test('an admin role does not show country: countryID is not stored', async () => {
    const res = await save(valid({ roleID: 1, countryID: 3 }));
    expect(res.status).toBe(200);
    const user = AdminUser.parse((await get(`/admin/user/${res.body.userID}`)).body);
    expect(user).toMatchObject({ roleID: 1, role: 'Admin', countryID: null, countryName: null });
    // And none is needed.
    const without = await save(valid({ roleID: 1, countryID: undefined }));
    expect(without.status).toBe(200);
  });

  test.each([
    ['full name', { fullName: '' }, 'Please provide full name.'],
    ['email', { email: ' ' }, 'Please provide email.'],
    ['email format', { email: 'not-an-email' }, 'Email is not valid.'],
    ['country code', { phoneCode: '' }, 'Please select country code.'],
    ['mobile', { mobileNumber: '' }, 'Please provide mobile.'],
    ['mobile length of the code', { mobileNumber: '803123456' }, 'Mobile number must be 10 digit.'],
    ['Ghana: 9 digits', { phoneCode: '+233', mobileNumber: '8031234567' }, 'Mobile number must be 9 digit.'],
    ['role', { roleID: null }, 'Please select role.'],
    ['country for a role that shows it', { countryID: undefined }, 'Please select country.'],
    ['unknown role', { roleID: 99 }, 'Please select a valid role.'],
    ['affiliate role (they register)', { roleID: 3 }, 'Please select a valid role.'],
    ['malformed role', { roleID: 'boss' }, 'Please select a valid role.'],
    ['unknown country', { countryID: 999 }, 'Please select a valid country.'],
    ['malformed country', { countryID: 'x' }, 'Please select a valid country.'],
    ['unknown country code', { phoneCode: '+999' }, 'Please select a valid country code.'],
    [
      'full name characters',
      { fullName: '<script>' },
      'Full name may contain only letters, spaces, hyphens, apostrophes and dots.',
    ],
  ])('400 for %s', async (_name, change, message) => {
    const res = await save(valid(change));
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  test("messages come in the spec's order, every field's own in errors", async () => {
    const res = await save({});
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please provide full name.');
    expect(res.body.errors).toMatchObject({
      fullName: 'Please provide full name.',
      email: 'Please provide email.',
      phoneCode: 'Please select country code.',
      mobileNumber: 'Please provide mobile.',
      roleID: 'Please select role.',
    });
    const later = await save({
      fullName: 'Ade',
      email: uniqueEmail(),
      phoneCode: '+234',
      mobileNumber: '8031234567',
    });
    expect(later.body.message).toBe('Please select role.');
  });

  test('a duplicate email is 409, affiliates and other cases included', async () => {
    const taken = valid();
    expect((await save(taken)).status).toBe(200);
    const again = await save(valid({ email: (taken.email as string).toUpperCase() }));
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A user with this email already exists.');
    const someAffiliate = await createAffiliate(t.ctx.db, { status: 'KYC Pending' });
    const asAffiliate = await save(valid({ email: someAffiliate.email }));
    expect(asAffiliate.status).toBe(409);
  });

  test('nothing is half-written when the email is refused', async () => {
    const taken = valid();
    await save(taken);
    const before = await t.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM outbox');
    await save(valid({ email: taken.email }));
    const after = await t.ctx.db.query<{ n: string }>('SELECT count(*) AS n FROM outbox');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });
});

describe('POST admin/user (update)', () => {
  test('updates a back-office user with userID: role, country and details; an audit row', async () => {
    const created = await save(valid());
    const userID = created.body.userID as number;
    const email = uniqueEmail('renamed');
    const res = await save({
      userID,
      fullName: 'Chidi O. Okafor',
      email,
      phoneCode: '+233',
      mobileNumber: '201234567',
      roleID: 2,
      countryID: 2,
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User updated successfully.', userID });
    const user = AdminUser.parse((await get(`/admin/user/${userID}`)).body);
    expect(user).toMatchObject({
      fullName: 'Chidi O. Okafor',
      email,
      phoneCode: '+233',
      countryName: 'Ghana',
    });
    const audit = await auditFor('user', userID);
    expect(audit.map((row) => row.action)).toEqual(['user.create', 'user.update']);
    expect(audit[1].details).toEqual({
      changed: ['fullName', 'email', 'phoneCode', 'mobileNumber', 'countryID'],
    });
  });

  test("on update the role message is 'Please provide role.'", async () => {
    const created = await save(valid());
    const res = await save({ ...valid({ roleID: undefined }), userID: created.body.userID });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Please provide role.');
  });

  test('updates an affiliate with userId: its user and its affiliate record', async () => {
    const someone = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
    const email = uniqueEmail('aff');
    const res = await save({
      userId: someone.userId,
      fullName: 'Bisi Ade',
      email,
      phoneCode: '+234',
      mobileNumber: '8091112223',
    });
    expect(res.status).toBe(200);
    const { rows } = await t.ctx.db.query<{ full_name: string; email: string; mobile_number: string }>(
      'SELECT full_name, email, mobile_number FROM affiliates WHERE affiliate_id = $1',
      [someone.affiliateId],
    );
    expect(rows[0]).toEqual({ full_name: 'Bisi Ade', email, mobile_number: '8091112223' });
    const user = AdminUser.parse((await get(`/admin/user/${someone.userId}`)).body);
    expect(user).toMatchObject({ role: 'Affiliate', email, fullName: 'Bisi Ade' });
    expect((await auditFor('affiliate', someone.affiliateId)).map((row) => row.action)).toEqual([
      'affiliate.update',
    ]);
  });

  test('userId of a staff user, userID of an affiliate, both ids, or an id nobody has', async () => {
    const someone = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
    const staff = (await save(valid())).body.userID as number;
    const contact = {
      fullName: 'Bisi Ade',
      email: uniqueEmail(),
      phoneCode: '+234',
      mobileNumber: '8091112223',
    };
    expect((await save({ ...contact, userId: staff })).body.message).toBe(
      'This user is not an affiliate; update it with userID.',
    );
    expect((await save({ ...valid(), userID: someone.userId })).body.message).toBe(
      'This user is an affiliate; update it with userId.',
    );
    const both = await save({ ...valid(), userID: staff, userId: someone.userId });
    expect(both.status).toBe(400);
    const missing = await save({ ...valid(), userID: 987654321 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('User not found.');
    for (const bad of [-1, 1.5, 'abc', '12abc', 1e20]) {
      const res = await save({ ...valid(), userID: bad });
      expect([res.status, res.body.message]).toEqual([400, 'User ID must be a positive whole number.']);
    }
  });

  test("an email of another user is 409 on update; one's own is fine", async () => {
    const first = valid();
    await save(first);
    const second = await save(valid());
    const userID = second.body.userID as number;
    const clash = await save({ ...valid({ email: first.email }), userID });
    expect(clash.status).toBe(409);
    const own = await get(`/admin/user/${userID}`);
    expect((await save({ ...valid({ email: own.body.email }), userID })).status).toBe(200);
  });

  test('an admin cannot change its own role', async () => {
    const own = await save({ ...valid({ roleID: 2 }), userID: adminId });
    expect(own.status).toBe(409);
    expect(own.body.message).toBe('You cannot change your own role.');
  });
});

describe('GET admin/user', () => {
  test('without parameters: every back-office and admin user (no affiliates), newest first', async () => {
    const res = await get('/admin/user');
    expect(res.status).toBe(200);
    const users = AdminUser.array().parse(res.body);
    expect(users.length).toBeGreaterThan(2);
    expect(users.every((user) => user.roleID === 1 || user.roleID === 2)).toBe(true);
    const created = users.map((user) => user.createdOn);
    expect([...created].sort().reverse()).toEqual(created);
  });

  test('paged, searched over name, email, mobile, role and country, filtered by status', async () => {
    const marker = `Zainab Quill${Date.now() % 1000 === 0 ? '' : ''}`;
    const created = await save(valid({ fullName: marker, mobileNumber: '8097776655' }));
    const page = (query: Record<string, string>) => get(`/admin/user?${new URLSearchParams(query)}`);

    const byName = AdminUserPage.parse((await page({ search: 'zainab quill' })).body);
    expect(byName.results.map((user) => user.userID)).toEqual([created.body.userID]);
    expect(AdminUserPage.parse((await page({ search: '8097776655' })).body).totalCount).toBe(1);
    const byRole = AdminUserPage.parse((await page({ search: 'admin', pageSize: '100' })).body);
    expect(byRole.results.some((user) => user.role === 'Admin')).toBe(true);
    const byCountry = AdminUserPage.parse((await page({ search: 'nigeria', pageSize: '100' })).body);
    expect(
      byCountry.results.every((user) => user.countryName === 'Nigeria' || /nigeria/i.test(user.fullName)),
    ).toBe(true);
    expect(AdminUserPage.parse((await page({ search: '%' })).body).totalCount).toBe(0);

    const first = AdminUserPage.parse((await page({ page: '1', pageSize: '2' })).body);
    expect(first.results).toHaveLength(2);
    expect(first).toMatchObject({ pageNo: 1, pageSize: 2 });
    const beyond = AdminUserPage.parse((await page({ page: '999', pageSize: '2' })).body);
    expect(beyond.results).toEqual([]);

    await remove(created.body.userID);
    const inactive = AdminUserPage.parse((await page({ status: 'inactive', pageSize: '100' })).body);
    expect(inactive.results.map((user) => user.userID)).toContain(created.body.userID);
    expect(inactive.results.every((user) => !user.isActive)).toBe(true);
    const active = AdminUserPage.parse((await page({ status: 'Active', pageSize: '100' })).body);
    expect(active.results.every((user) => user.isActive)).toBe(true);
  });

  test.each([
    ['status', 'status=gone', "status must be 'all', 'active' or 'inactive'."],
    ['page', 'page=0', 'Page must be a whole number of 1 or more.'],
    ['pageSize', 'pageSize=101', 'Page size must be a whole number from 1 to 100.'],
    ['search', `search=${'a'.repeat(101)}`, 'Search must be at most 100 characters.'],
  ])('400 for a bad %s', async (_name, query, message) => {
    const res = await get(`/admin/user?${query}`);
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  test('one user: 404 for an id nobody has, 400 for a malformed one', async () => {
    expect((await get('/admin/user/987654321')).status).toBe(404);
    for (const bad of ['0', '-3', 'abc', '1e3', '12345678901234567890']) {
      const res = await get(`/admin/user/${bad}`);
      expect([res.status, res.body.message]).toEqual([400, 'User ID must be a positive whole number.']);
    }
  });
});

describe('POST admin/user/delete/{id}', () => {
  test("makes the user inactive, ends its open sessions at once, 'Deleted successfully.', an audit row", async () => {
    const userID = await createStaffUser(t.ctx.db, 2, 'Gone Soon');
    const theirs = await bearer(t.ctx, userID);
    expect((await get('/user/dashboard', theirs)).status).toBe(200);

    const res = await remove(userID);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Deleted successfully.', userID });
    expect((await get('/user/dashboard', theirs)).status).toBe(401);
    expect(AdminUser.parse((await get(`/admin/user/${userID}`)).body).isActive).toBe(false);
    expect((await auditFor('user', userID)).map((row) => row.action)).toEqual(['user.inactivate']);
    const dashboard = BackofficeDashboard.parse((await get('/user/dashboard', backoffice)).body);
    expect(dashboard.activities[0]).toMatchObject({ title: 'User made inactive' });

    const again = await remove(userID);
    expect([again.status, again.body.message]).toEqual([409, 'This user is already inactive.']);
  });

  test('an admin cannot make itself inactive', async () => {
    const self = await remove(adminId);
    expect([self.status, self.body.message]).toEqual([409, 'You cannot make your own account inactive.']);
    expect(AdminUser.parse((await get(`/admin/user/${adminId}`)).body).isActive).toBe(true);
  });

  test('an affiliate is made inactive from the affiliate list; 404 and 400 for bad ids', async () => {
    const someone = await createAffiliate(t.ctx.db, { status: 'KYC Complete' });
    const res = await remove(someone.userId);
    expect([res.status, res.body.message]).toEqual([
      409,
      'Affiliates are made inactive from the affiliate list.',
    ]);
    expect((await remove(987654321)).status).toBe(404);
    expect((await remove('abc')).status).toBe(400);
  });
});

describe('POST admin/user/activate/{id}', () => {
  test('makes an inactive user active again: it signs in anew, an audit row, then 409 when already active', async () => {
    const userID = await createStaffUser(t.ctx.db, 2, 'Back Again');
    const oldSession = await bearer(t.ctx, userID);
    expect((await remove(userID)).status).toBe(200);

    const res = await activate(userID);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'User activated successfully.', userID });
    expect(AdminUser.parse((await get(`/admin/user/${userID}`)).body).isActive).toBe(true);
    // The sessions ended by the deactivation stay ended; a new one works.
    expect((await get('/user/dashboard', oldSession)).status).toBe(401);
    expect((await get('/user/dashboard', await bearer(t.ctx, userID))).status).toBe(200);
    expect((await auditFor('user', userID)).map((row) => row.action)).toEqual([
      'user.inactivate',
      'user.activate',
    ]);
    const dashboard = BackofficeDashboard.parse((await get('/user/dashboard', backoffice)).body);
    expect(dashboard.activities[0]).toMatchObject({ title: 'User made active' });

    const again = await activate(userID);
    expect([again.status, again.body.message]).toEqual([409, 'This user is already active.']);
    expect((await auditFor('user', userID)).length).toBe(2);
  });

  test('an affiliate is made active from the affiliate list; 404 and 400 for bad ids; nothing written', async () => {
    const someone = await createAffiliate(t.ctx.db, { status: 'Inactive' });
    const res = await activate(someone.userId);
    expect([res.status, res.body.message]).toEqual([
      409,
      'Affiliates are made active from the affiliate list.',
    ]);
    expect((await auditFor('user', someone.userId)).length).toBe(0);
    expect((await activate(987654321)).status).toBe(404);
    for (const bad of ['abc', '0', '-1', '1e3', '99999999999999999999']) {
      const answer = await activate(bad);
      expect([answer.status, typeof answer.body.message]).toEqual([400, 'string']);
    }
  });
});

describe('who may call', () => {
  test.each([
    ['GET', '/admin/user'],
    ['GET', '/admin/user/1'],
    ['POST', '/admin/user'],
    ['POST', '/admin/user/delete/1'],
    ['POST', '/admin/user/activate/1'],
  ])('%s %s: 401 signed out, 403 for back office and affiliates', async (method, path) => {
    const call = (token?: string) => {
      const req =
        method === 'GET'
          ? request(t.app).get(`/api${path}`)
          : request(t.app).post(`/api${path}`).send(valid());
      return token ? req.set('Authorization', token) : req;
    };
    expect((await call()).status).toBe(401);
    expect((await call(backoffice)).status).toBe(403);
    expect((await call(affiliate)).status).toBe(403);
  });
});

describe('the last active admin', () => {
  // Two admins can each make the other inactive at the same moment; the row locks make the second one find
  // itself the last. The same state is set up here directly: another role granted the user rights (rights
  // are data, role_rights) meets the last active admin.
  test('is neither made inactive nor given another role', async () => {
    await t.ctx.db.query(
      "INSERT INTO role_rights (role_id, affiliate_status, right_key) VALUES (2, NULL, 'allusers')",
    );
    const app = await createApp(t.ctx);
    const officer = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2, 'Rights Officer'));
    const { rows } = await t.ctx.db.query<{ user_id: string }>(
      'UPDATE users SET is_active = false WHERE role_id = 1 AND is_active AND user_id <> $1 RETURNING user_id',
      [adminId],
    );
    try {
      const removal = await request(app)
        .post(`/api/admin/user/delete/${adminId}`)
        .set('Authorization', officer);
      expect([removal.status, removal.body.message]).toEqual([
        409,
        'This is the last active admin. Make another admin active before making this one inactive.',
      ]);
      const demotion = await request(app)
        .post('/api/admin/user')
        .set('Authorization', officer)
        .send({ ...valid(), userID: adminId });
      expect([demotion.status, demotion.body.message]).toEqual([
        409,
        'This is the last active admin. Make another admin active before making this one inactive.',
      ]);
    } finally {
      await t.ctx.db.query('UPDATE users SET is_active = true WHERE user_id = ANY($1::bigint[])', [
        rows.map((row) => row.user_id),
      ]);
      await t.ctx.db.query("DELETE FROM role_rights WHERE role_id = 2 AND right_key = 'allusers'");
    }
  });
});
