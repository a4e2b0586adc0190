import request from 'supertest';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { FileStore } from '../../../storage/file-store';
import {
  bearer,
  createAffiliate,
  createStaffUser,
  type TestAffiliate,
} from '../../../../test-support/affiliate-fixtures';

let t: TestApp;
let store: FileStore;
let admin: string;
let backoffice: string;
let owner: TestAffiliate;
let ownerToken: string;
let otherToken: string;
let selfieKey: string;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

beforeAll(async () => {
  t = await createTestApp();
  store = new FileStore(t.ctx);
  admin = await bearer(t.ctx, await createStaffUser(t.ctx.db, 1));
  backoffice = await bearer(t.ctx, await createStaffUser(t.ctx.db, 2));
  // As registration stores it: no owner yet, only the affiliate row points at it.
  const selfie = await store.put(
    t.ctx.db,
    { purpose: 'selfie', contentType: 'image/png', extension: 'png' },
    PNG,
  );
  selfieKey = selfie.storageKey;
  owner = await createAffiliate(t.ctx.db, {
    status: 'KYC Complete',
    passwordHash: 'x',
    firstDecisionAt: new Date(),
    selfieImagePath: selfieKey,
  });
  ownerToken = await bearer(t.ctx, owner.userId);
  const other = await createAffiliate(t.ctx.db, {
    status: 'KYC Rejected',
    passwordHash: 'x',
    firstDecisionAt: new Date(),
  });
  otherToken = await bearer(t.ctx, other.userId);
});
afterAll(() => t.close());

const media = (fileUrl: string | undefined, token?: string) => {
  const call = request(t.app)
    .get(fileUrl === undefined ? '/api/media' : `/api/media?fileUrl=${encodeURIComponent(fileUrl)}`)
    .buffer(true)
    .parse((res, callback) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => callback(null, Buffer.concat(chunks)));
    });
  return token ? call.set('Authorization', token) : call;
};
const message = (body: unknown) => JSON.parse((body as Buffer).toString()).message;

test.each([
  ['admin', () => admin],
  ['back office', () => backoffice],
  ['its owner', () => ownerToken],
])('%s gets the selfie', async (_who, token) => {
  const res = await media(selfieKey, token());
  expect(res.status).toBe(200);
  expect(res.headers['content-type']).toBe('image/png');
  expect(res.headers['cache-control']).toBe('private, no-store');
  expect(Buffer.compare(res.body as Buffer, PNG)).toBe(0);
});

test('another affiliate gets 403; nobody signed in gets 401', async () => {
  const res = await media(selfieKey, otherToken);
  expect(res.status).toBe(403);
  expect(message(res.body)).toBe('You are not allowed to see this file.');
  expect((await media(selfieKey)).status).toBe(401);
});

test('a file with a recorded owner is served to that owner only', async () => {
  const owned = await store.put(
    t.ctx.db,
    { purpose: 'selfie', contentType: 'image/jpeg', extension: 'jpg', ownerUserId: owner.userId },
    PNG,
  );
  expect((await media(owned.storageKey, ownerToken)).status).toBe(200);
  expect((await media(owned.storageKey, otherToken)).status).toBe(403);
});

test('unknown paths, exports and missing bytes are 404; no fileUrl is 400', async () => {
  const unknown = await media('selfie/2020/01/nothing.png', admin);
  expect(unknown.status).toBe(404);
  expect(message(unknown.body)).toBe('File not found.');
  expect((await media('../../etc/passwd', admin)).status).toBe(404);

  const exported = await store.put(
    t.ctx.db,
    { purpose: 'export', contentType: 'text/plain', extension: 'txt' },
    Buffer.from('x'),
  );
  expect((await media(exported.storageKey, admin)).status).toBe(404);

  await t.ctx.db.query(
    `INSERT INTO stored_files (file_id, storage_key, purpose, content_type, size_bytes) VALUES (gen_random_uuid(), 'selfie/gone.png', 'selfie', 'image/png', 10)`,
  );
  expect((await media('selfie/gone.png', admin)).status).toBe(404);

  const missing = await media(undefined, admin);
  expect(missing.status).toBe(400);
  expect(message(missing.body)).toBe('Please provide fileUrl.');
});
