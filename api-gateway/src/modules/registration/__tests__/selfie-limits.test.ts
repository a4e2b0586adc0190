import type express from 'express';
import request from 'supertest';
import { createApp } from '../../../app';
import { startBackgroundWork } from '../../../background';
import { FileStore } from '../../../storage/file-store';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { SELFIE_UPLOAD_LIMITS } from '../selfie-limits';
import { sweepSelfieFiles } from '../selfie-sweep';
import {
  newBrowser,
  pngImage,
  readyRegistration,
  verifyEmail,
} from '../../../../test-support/registration-flow';

// Whole registrations per test: slow on a busy two-core machine.
jest.setTimeout(120_000);

let t: TestApp;
/** A second gateway on the same database, as when several run behind a load balancer. */
let otherGateway: express.Express;
beforeAll(async () => {
  // Client IPs from X-Forwarded-For, so each test uploads from addresses of its own.
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  otherGateway = await createApp({ ...t.ctx, routeDocs: [] });
});
afterAll(() => t.close());

const LIMIT_MESSAGE = 'Too many selfie uploads. Please try again later.';
const image = pngImage(96, 96);

/** A registration with a verified email: its cookie (`name=value`) and id. */
async function registration(email: string) {
  const cookie = await verifyEmail(t, newBrowser(t), email);
  return { cookie, registrationId: cookie.split('=')[1].split('.')[0] };
}

function upload(app: express.Express, cookie: string, ip: string, data: Buffer = image, name = 'selfie.png') {
  return request(app)
    .post('/api/affiliate/upload-selfie')
    .set('Cookie', cookie)
    .set('X-Forwarded-For', ip)
    .attach('file', data, name);
}

/** Whether a file's bytes are in the store (local disk on PGlite, the database on PostgreSQL). */
const onDisk = async (storageKey: string) => (await new FileStore(t.ctx).read(storageKey)) !== undefined;

async function selfieRows(registrationId: string): Promise<string[]> {
  const { rows } = await t.ctx.db.query<{ storage_key: string }>(
    `SELECT storage_key FROM stored_files WHERE registration_id = $1 AND purpose = 'selfie'`,
    [registrationId],
  );
  return rows.map((row) => row.storage_key);
}

test('a registration may upload 10 selfies, counted across gateways; the next answers 429 without being read', async () => {
  expect(SELFIE_UPLOAD_LIMITS.perRegistration).toBe(10);
  const { cookie } = await registration('ten-selfies@example.com');
  for (let i = 0; i < 10; i++) {
    const res = await upload(i % 2 ? otherGateway : t.app, cookie, '198.51.100.1');
    expect(res.status).toBe(201);
    if (i === 4) {
      // Refused before decoding: costs nothing and does not count.
      const gif = await upload(t.app, cookie, '198.51.100.1', Buffer.from('GIF89a'), 'x.gif');
      expect(gif.status).toBe(415);
    }
  }
  for (const gateway of [t.app, otherGateway]) {
    const refused = await upload(gateway, cookie, '198.51.100.2');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: LIMIT_MESSAGE });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  }
  // Over the cap nothing is read: even a body over 5 MB gets the 429, not the 413.
  const big = await upload(t.app, cookie, '198.51.100.2', Buffer.alloc(6 * 1024 * 1024, 1));
  expect(big.status).toBe(429);
});

test('uploads racing through two gateways cannot slip past the cap', async () => {
  const { cookie } = await registration('racing@example.com');
  const answers = await Promise.all(
    Array.from({ length: 15 }, (_, i) => upload(i % 2 ? otherGateway : t.app, cookie, '198.51.100.3')),
  );
  const statuses = answers.map((res) => res.status).sort();
  expect(statuses).toEqual([...Array(10).fill(201), ...Array(5).fill(429)]);
});

test('an IP may upload 30 selfies an hour, whatever the registration', async () => {
  expect(SELFIE_UPLOAD_LIMITS).toMatchObject({ perIp: 30, windowMinutes: 60 });
  const ip = '203.0.113.30';
  const registrations = await Promise.all([1, 2, 3, 4].map((n) => registration(`ip-limit-${n}@example.com`)));
  for (let i = 0; i < 30; i++) {
    const res = await upload(i % 2 ? otherGateway : t.app, registrations[Math.floor(i / 10)].cookie, ip);
    expect(res.status).toBe(201);
  }
  const refused = await upload(otherGateway, registrations[3].cookie, ip);
  expect(refused.status).toBe(429);
  expect(refused.body).toEqual({ message: LIMIT_MESSAGE });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
  expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
  // Another address is not held back by this one, and an hour later this one may upload again.
  expect((await upload(t.app, registrations[3].cookie, '203.0.113.31')).status).toBe(201);
  t.advanceClock(61 * 60_000);
  expect((await upload(t.app, registrations[3].cookie, ip)).status).toBe(201);
});

test('a registration keeps only its latest selfie', async () => {
  const { cookie, registrationId } = await registration('retake@example.com');
  const first = await upload(t.app, cookie, '198.51.100.40');
  const second = await upload(otherGateway, cookie, '198.51.100.40');
  expect([first.status, second.status]).toEqual([201, 201]);
  expect(await onDisk(first.body.selfieImagePath)).toBe(false);
  expect(await onDisk(second.body.selfieImagePath)).toBe(true);
  expect(await selfieRows(registrationId)).toEqual([second.body.selfieImagePath]);
  const { rows } = await t.ctx.db.query<{ storage_key: string }>(
    `SELECT f.storage_key FROM registrations r JOIN stored_files f ON f.file_id = r.selfie_file_id
      WHERE r.registration_id = $1`,
    [registrationId],
  );
  expect(rows[0].storage_key).toBe(second.body.selfieImagePath);
});

/** An abandoned registration: a selfie uploaded, then no submit within the registration's 24 hours. */
async function abandonedRegistration(email: string) {
  const { cookie, registrationId } = await registration(email);
  const res = await upload(t.app, cookie, '198.51.100.50');
  expect(res.status).toBe(201);
  await t.ctx.db.query(
    `UPDATE registrations SET created_at = created_at - interval '25 hours' WHERE registration_id = $1`,
    [registrationId],
  );
  return { registrationId, storageKey: res.body.selfieImagePath as string };
}

test('the sweep deletes the selfies of abandoned registrations and superseded ones, and keeps current ones', async () => {
  const open = await registration('open@example.com');
  const current = (await upload(t.app, open.cookie, '198.51.100.50')).body.selfieImagePath as string;
  // A superseded selfie the upload did not delete (as every retake before this fix left behind).
  const leftover = await new FileStore(t.ctx).put(
    t.ctx.db,
    { purpose: 'selfie', contentType: 'image/png', extension: 'png', registrationId: open.registrationId },
    image,
  );
  const abandoned = await abandonedRegistration('abandoned@example.com');
  const submitted = await readyRegistration(t, 'submitted@example.com', '8031000099');
  const done = await submitted.browser.post('/api/affiliate/submit-registration').send(submitted.payload);
  expect(done.status).toBe(201);
  // The submitted registration's clock runs out too; its selfie is the affiliate's and stays.
  await t.ctx.db.query(
    `UPDATE registrations SET created_at = created_at - interval '25 hours' WHERE completed_at IS NOT NULL`,
  );

  const report = await sweepSelfieFiles(t.ctx);

  expect(report.filesDeleted).toBe(2);
  expect(await onDisk(leftover.storageKey)).toBe(false);
  expect(await onDisk(abandoned.storageKey)).toBe(false);
  expect(await selfieRows(abandoned.registrationId)).toEqual([]);
  expect(await selfieRows(open.registrationId)).toEqual([current]);
  expect(await onDisk(current)).toBe(true);
  expect(await onDisk(submitted.payload.selfieImagePath as string)).toBe(true);
  expect((await sweepSelfieFiles(t.ctx)).filesDeleted).toBe(0);
});

test('the background work sweeps on its own', async () => {
  const abandoned = await abandonedRegistration('background@example.com');
  const stop = startBackgroundWork(t.ctx);
  try {
    for (let i = 0; i < 100 && (await onDisk(abandoned.storageKey)); i++) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    stop();
  }
  expect(await onDisk(abandoned.storageKey)).toBe(false);
  expect(await selfieRows(abandoned.registrationId)).toEqual([]);
});
