import request from 'supertest';
import { NotificationListResponse, SaveNotificationResponse } from '@portal/contracts';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { bearer, createAffiliate, createStaffUser } from '../../../../test-support/affiliate-fixtures';

let t: TestApp;
let admin: string;
let adminUserId: number;
let backoffice: string;
let affiliate: string;
let ghanaId: number;
let beninId: number;

beforeAll(async () => {
  t = await createTestApp();
  adminUserId = await createStaffUser(t.ctx.db, 1);
  admin = await bearer(t.ctx, adminUserId);
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  const seller = await createAffiliate(t.ctx.db, { status: 'KYC Complete', passwordHash: 'x' });
  affiliate = await bearer(t.ctx, seller.userId);
  const countries = await t.ctx.db.query<{ country_id: number; country_code: string }>(
    `SELECT country_id, country_code FROM countries WHERE country_code IN ('GH', 'BJ')`,
  );
  ghanaId = Number(countries.rows.find((row) => row.country_code === 'GH')?.country_id);
  beninId = Number(countries.rows.find((row) => row.country_code === 'BJ')?.country_id);
});
afterAll(() => t.close());

const save = (body: unknown, token = admin) =>
  request(t.app)
    .post('/api/master/notification')
    .set('Authorization', token)
    .send(body as object);
const list = (token = admin) => request(t.app).get('/api/master/notification').set('Authorization', token);
const remove = (id: string | number, token = admin) =>
  request(t.app).post(`/api/master/notification/delete/${id}`).set('Authorization', token).send({});

const valid = { title: 'Rates', messageText: '<p><strong>New</strong> rates</p>', countryID: [0] };

test('add for all countries, then it is listed first with All Countries', async () => {
  const res = await save(valid);
  expect(res.status).toBe(200);
  const body = SaveNotificationResponse.parse(res.body);
  expect(body.message).toBe('Notification added successfully.');
  const listed = NotificationListResponse.parse((await list()).body);
  expect(listed[0]).toEqual({
    notificationID: body.notificationID,
    title: 'Rates',
    messageText: '<p><strong>New</strong> rates</p>',
    countryID: 0,
    countryIDs: [0],
    countryName: 'All Countries',
  });
});

test('add for some countries (duplicates once), then update it: title, message and countries', async () => {
  const added = await save({ ...valid, title: 'Two countries', countryID: [beninId, ghanaId, beninId] });
  expect(added.status).toBe(200);
  const id = added.body.notificationID as number;
  let item = NotificationListResponse.parse((await list()).body).find((n) => n.notificationID === id);
  // In the order of the countries list (Ghana before Benin), each once.
  expect(item?.countryIDs).toEqual([ghanaId, beninId]);
  expect(item?.countryID).toBe(ghanaId);
  expect(item?.countryName).toBe('Ghana, Benin');

  const updated = await save({
    notificationID: id,
    title: '  Ghana only ',
    messageText: '<p>Hi</p>',
    countryID: [ghanaId],
  });
  expect(updated.status).toBe(200);
  expect(updated.body).toEqual({ message: 'Notification updated successfully.', notificationID: id });
  item = NotificationListResponse.parse((await list()).body).find((n) => n.notificationID === id);
  expect(item).toEqual({
    notificationID: id,
    title: 'Ghana only',
    messageText: '<p>Hi</p>',
    countryID: ghanaId,
    countryIDs: [ghanaId],
    countryName: 'Ghana',
  });
});

test('a single countryID number is a list of one; notificationID 0 or null adds', async () => {
  const one = await save({ ...valid, countryID: ghanaId, notificationID: 0 });
  expect(one.status).toBe(200);
  expect(one.body.message).toBe('Notification added successfully.');
  const other = await save({ ...valid, notificationID: null });
  expect(other.body.message).toBe('Notification added successfully.');
});

test.each([
  [{ ...valid, title: '' }, 'Please provide title.', 'title'],
  [{ ...valid, title: '   ' }, 'Please provide title.', 'title'],
  [{ messageText: valid.messageText, countryID: [0] }, 'Please provide title.', 'title'],
  [{ ...valid, messageText: '' }, 'Please provide message.', 'messageText'],
  [{ ...valid, messageText: '<p><br></p>' }, 'Please provide message.', 'messageText'],
  [{ title: 'T', countryID: [0] }, 'Please provide message.', 'messageText'],
  [{ ...valid, countryID: [] }, 'Please select country.', 'countryID'],
  [{ title: 'T', messageText: 'M' }, 'Please select country.', 'countryID'],
  [{ ...valid, countryID: [0, 1] }, 'All Countries must be the only country selected.', 'countryID'],
  [{ ...valid, countryID: [99999] }, 'Please select a valid country.', 'countryID'],
  [{ ...valid, countryID: [-1] }, 'Please select a valid country.', 'countryID[0]'],
  [{ ...valid, countryID: ['1'] }, 'Please select a valid country.', 'countryID[0]'],
  [{ ...valid, title: 'x'.repeat(201) }, 'Title must be at most 200 characters.', 'title'],
  [
    { ...valid, messageText: `<p>${'x'.repeat(50_000)}</p>` },
    'Message must be at most 50000 characters.',
    'messageText',
  ],
  [{ ...valid, notificationID: -4 }, 'Notification ID must be a positive whole number.', 'notificationID'],
  [{ ...valid, notificationID: 1.5 }, 'Notification ID must be a positive whole number.', 'notificationID'],
])('refuses %j: %s', async (body, message, field) => {
  const before = (await list()).body.length;
  const res = await save(body);
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(message);
  expect(Object.keys(res.body.errors ?? {})).toContain(field);
  expect((await list()).body.length).toBe(before);
});

test('messages come in the form order: title, then message, then country', async () => {
  expect((await save({})).body.message).toBe('Please provide title.');
  expect((await save({ title: 'T' })).body.message).toBe('Please provide message.');
  expect((await save({ title: 'T', messageText: '<p>M</p>' })).body.message).toBe('Please select country.');
});

test('a message that is nothing but what the sanitiser drops is no message', async () => {
  const res = await save({
    ...valid,
    messageText: '<script>alert("x")</script><img src=x onerror=alert(1)>',
  });
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('Please provide message.');
});

test('the HTML is sanitised before it is stored', async () => {
  const res = await save({
    ...valid,
    title: 'XSS',
    messageText:
      '<p onclick="steal()">Hi <a href="javascript:alert(1)">there</a><script>alert(1)</script>' +
      '<img src=x onerror="alert(1)"><strong style="color: red; background-image: url(javascript:alert(1))">bold</strong></p>',
  });
  expect(res.status).toBe(200);
  const stored = await t.ctx.db.query<{ message_text: string }>(
    'SELECT message_text FROM notifications WHERE notification_id = $1',
    [res.body.notificationID],
  );
  expect(stored.rows[0].message_text).toBe('<p>Hi there<strong style="color:red">bold</strong></p>');
});

test('updating or deleting a notification that does not exist (or was deleted) is 404', async () => {
  expect((await save({ ...valid, notificationID: 999999 })).status).toBe(404);
  const added = await save({ ...valid, title: 'Short-lived' });
  const id = added.body.notificationID as number;
  const deleted = await remove(id);
  expect(deleted.status).toBe(200);
  expect(deleted.body).toEqual({ message: 'Notification deleted successfully' });
  expect(NotificationListResponse.parse((await list()).body).some((n) => n.notificationID === id)).toBe(
    false,
  );
  const again = await remove(id);
  expect(again.status).toBe(404);
  expect(again.body.message).toBe('Notification not found.');
  const update = await save({ ...valid, notificationID: id });
  expect(update.status).toBe(404);
  expect(update.body.message).toBe('Notification not found.');
});

test.each(['abc', '0', '-1', '1.5', '1234567890123456'])('delete/%s is a 400 with a message', async (id) => {
  const res = await remove(id);
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('Notification ID must be a positive whole number.');
});

test('no session: 401 on every call', async () => {
  expect((await request(t.app).get('/api/master/notification')).status).toBe(401);
  expect((await request(t.app).post('/api/master/notification').send(valid)).status).toBe(401);
  expect((await request(t.app).post('/api/master/notification/delete/1').send({})).status).toBe(401);
});

test.each([
  ['back office', () => backoffice],
  ['an affiliate', () => affiliate],
])('%s: 403 on every call, and nothing is written', async (_who, token) => {
  const before = (await list()).body.length;
  const existing = (await list()).body[0].notificationID as number;
  expect((await list(token())).status).toBe(403);
  expect((await save(valid, token())).status).toBe(403);
  expect((await save({ ...valid, notificationID: existing, title: 'Hacked' }, token())).status).toBe(403);
  expect((await remove(existing, token())).status).toBe(403);
  const after = NotificationListResponse.parse((await list()).body);
  expect(after.length).toBe(before);
  expect(after.some((n) => n.title === 'Hacked')).toBe(false);
});

test('adding, updating and deleting a notice each leave an audit row naming who and which notice', async () => {
  const auditOf = async (id: number) =>
    (
      await t.ctx.db.query<{ action: string; actor_user_id: string | number; remark: string }>(
        `SELECT action, actor_user_id, remark FROM audit_log
          WHERE entity_type = 'notification' AND entity_id = $1 ORDER BY audit_id`,
        [String(id)],
      )
    ).rows.map((row) => ({ action: row.action, actor: Number(row.actor_user_id), remark: row.remark }));
  const added = await save({ ...valid, title: 'Audited' });
  const id = added.body.notificationID as number;
  await save({ ...valid, notificationID: id, title: 'Audited again' });
  await remove(id);
  const rows = await auditOf(id);
  expect(rows.map((row) => [row.action, row.remark])).toEqual([
    ['notification.create', 'Audited'],
    ['notification.update', 'Audited again'],
    ['notification.delete', 'Audited again'],
  ]);
  expect(rows.map((row) => row.actor)).toEqual([adminUserId, adminUserId, adminUserId]);
  // Recent Activity (the back-office dashboard) names the notice by its title.
  const dashboard = await request(t.app).get('/api/user/dashboard').set('Authorization', backoffice);
  expect(dashboard.body.activities[0]).toMatchObject({
    title: 'Notice deleted',
    description: "'Audited again' by Ada Admin",
  });
});

test('a refused change writes no audit row', async () => {
  const before = await t.ctx.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM audit_log WHERE entity_type = 'notification'`,
  );
  expect((await save({ ...valid, notificationID: 999999 })).status).toBe(404);
  expect((await remove(999999)).status).toBe(404);
  expect((await save({ ...valid, countryID: [123456] })).status).toBe(400);
  const after = await t.ctx.db.query<{ n: string }>(
    `SELECT count(*) AS n FROM audit_log WHERE entity_type = 'notification'`,
  );
  expect(after.rows[0].n).toBe(before.rows[0].n);
});
