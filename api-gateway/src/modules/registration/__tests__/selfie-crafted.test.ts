import sharp from 'sharp';
import request from 'supertest';
import { FileStore } from '../../../storage/file-store';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { craftedPng, newBrowser, verifyEmail } from '../../../../test-support/registration-flow';

/**
 * Issue 9: one crafted PNG used to end the gateway process (pngjs threw an 'error' event nobody heard).
 * Every kind of crafted image must get an answer (4xx with a message) and leave the gateway answering.
 */
let t: TestApp;
let browser: ReturnType<typeof newBrowser>;
beforeAll(async () => {
  t = await createTestApp();
  browser = newBrowser(t);
  await verifyEmail(t, browser, 'crafted@example.com');
});
afterAll(() => t.close());

const upload = (data: Buffer, name = 'selfie.png') =>
  browser.post('/api/affiliate/upload-selfie').attach('file', data, name);

async function expectStillServing() {
  const health = await request(t.app).get('/api/health');
  expect(health.status).toBe(200);
}

const UNREADABLE = 'Selfie image could not be read. Please capture it again.';

async function cameraJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 90, g: 60, b: 30 } } })
    .jpeg()
    .toBuffer();
}

test.each([
  ['corrupt filter bytes (the PNG that ended the process)', () => craftedPng(200, 200, { filterByte: 9 })],
  ['truncated IDAT', () => craftedPng(200, 200, { keepIdat: 0.5 })],
  ['fewer rows than the header declares', () => craftedPng(4096, 4096, { pixelRows: 10 })],
  ['a file cut short before IEND', () => craftedPng(200, 200).subarray(0, 50)],
])('a PNG with %s answers 400 and the gateway keeps serving', async (_kind, image) => {
  const res = await upload(image());
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: UNREADABLE });
  await expectStillServing();
});

test('a PNG declaring a huge size is refused by its header, before any decoding', async () => {
  const res = await upload(craftedPng(100_000, 100_000, { pixelRows: 1 }));
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: 'Selfie must be between 64 and 4096 pixels wide and high.' });
  await expectStillServing();
});

test('a JPEG with a broken header answers 400', async () => {
  const broken = await cameraJpeg();
  const frame = broken.indexOf(Buffer.from([0xff, 0xc0]));
  broken[frame + 9] = 0; // no colour components
  const res = await upload(broken, 'selfie.jpg');
  expect(res.status).toBe(400);
  expect(res.body).toEqual({ message: UNREADABLE });
  await expectStillServing();

  const tables = await cameraJpeg();
  const quantisation = tables.indexOf(Buffer.from([0xff, 0xdb]));
  tables.writeUInt16BE(0xffff, quantisation + 2); // a table longer than the file
  const bogus = await upload(tables, 'selfie.jpg');
  expect(bogus.status).toBe(400);
  expect(bogus.body).toEqual({ message: UNREADABLE });
  await expectStillServing();
});

test('a PNG with data after its end is accepted, and only the image is stored', async () => {
  const trailing = Buffer.concat([craftedPng(200, 200), Buffer.from('<?php system($_GET["c"]); ?>')]);
  const res = await upload(trailing);
  expect(res.status).toBe(201);
  const stored = (await new FileStore(t.ctx).read(res.body.selfieImagePath))!;
  expect(stored.includes(Buffer.from('<?php'))).toBe(false);
  expect(await sharp(stored).metadata()).toMatchObject({ format: 'png', width: 200, height: 200 });
  await expectStillServing();
});

test('a zero-byte file answers 400', async () => {
  const res = await upload(Buffer.alloc(0));
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('Please provide Selfie.');
  await expectStillServing();
});
