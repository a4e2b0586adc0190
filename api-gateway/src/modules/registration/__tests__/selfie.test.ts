import { PNG } from 'pngjs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import request from 'supertest';
import { FileStore } from '../../../storage/file-store';
import { createTestApp, type TestApp } from '../../../../test-support/test-app';
import { newBrowser, pngImage, verifyEmail } from '../../../../test-support/registration-flow';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** The headers of a baseline JPEG: SOI, APP0/JFIF, SOF0 with the size, SOS, a little data, EOI. */
function jpegImage(width: number, height: number): Buffer {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03];
  const components = [0x01, 0x22, 0x00, 0x02, 0x11, 0x01, 0x03, 0x11, 0x01];
  const sos = [0xff, 0xda, 0x00, 0x0c, 0x03, 0x01, 0x00, 0x02, 0x11, 0x03, 0x11, 0x00, 0x3f, 0x00];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...components, ...sos, 0x12, 0x34, 0x56, 0xff, 0xd9]);
}

let browser: ReturnType<typeof newBrowser>;
beforeAll(async () => {
  browser = newBrowser(t);
  await verifyEmail(t, browser, 'selfie@example.com');
});

const upload = (data: Buffer, name = 'selfie.png', field = 'file') =>
  browser.post('/api/affiliate/upload-selfie').attach(field, data, name);

test('a PNG is re-encoded and stored under a server-generated name', async () => {
  const original = pngImage(320, 240);
  // Something riding along after the image end must not be stored.
  const withPayload = Buffer.concat([original, Buffer.from('<script>alert(1)</script>')]);
  const res = await upload(withPayload, '../../etc/passwd.png');
  expect(res.status).toBe(201);
  expect(res.body.message).toBe('Selfie uploaded successfully.');
  expect(res.body.selfieImagePath).toMatch(/^selfie\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
  const stored = (await new FileStore(t.ctx).read(res.body.selfieImagePath))!;
  expect(stored).toBeDefined();
  expect(stored.includes(Buffer.from('<script>'))).toBe(false);
  const decoded = PNG.sync.read(stored);
  expect([decoded.width, decoded.height]).toEqual([320, 240]);
  const { rows } = await t.ctx.db.query<{
    purpose: string;
    content_type: string;
    registration_id: string;
    selfie_file_id: string;
    file_id: string;
  }>(
    `SELECT f.purpose, f.content_type, f.registration_id, r.selfie_file_id, f.file_id FROM stored_files f
       JOIN registrations r USING (registration_id) WHERE f.storage_key = $1`,
    [res.body.selfieImagePath],
  );
  expect(rows[0]).toMatchObject({ purpose: 'selfie', content_type: 'image/png' });
  expect(rows[0].selfie_file_id).toBe(rows[0].file_id);
});

test('a JPEG is accepted by its content, decoded and re-encoded', async () => {
  const camera = await sharp({
    create: { width: 640, height: 480, channels: 3, background: { r: 200, g: 120, b: 90 } },
  })
    .jpeg()
    .withMetadata({ exif: { IFD0: { Copyright: 'riding along' } } })
    .toBuffer();
  expect((await sharp(camera).metadata()).exif).toBeDefined();
  const res = await upload(camera, 'camera.bin');
  expect(res.status).toBe(201);
  expect(res.body.selfieImagePath).toMatch(/\.jpg$/);
  const stored = (await new FileStore(t.ctx).read(res.body.selfieImagePath))!;
  const metadata = await sharp(stored).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(['jpeg', 640, 480]);
  expect(metadata.exif).toBeUndefined();
});

/** A PNG of exactly `bytes` bytes: a real image with a private ancillary chunk (which decoders skip) as padding. */
function pngOfSize(bytes: number): Buffer {
  const image = pngImage(64, 64);
  const iend = image.length - 12;
  const data = Buffer.alloc(bytes - image.length - 12, 0x20);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('prVt', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([image.subarray(0, iend), head, data, crc, image.subarray(iend)]);
}

test('exactly 5 MB is accepted (at most 5 MB); one byte more answers 413', async () => {
  const exact = await upload(pngOfSize(5 * 1024 * 1024));
  expect(exact.status).toBe(201);
  const res = await upload(pngOfSize(5 * 1024 * 1024 + 1));
  expect(res.status).toBe(413);
  expect(res.body).toEqual({ message: 'Selfie must be at most 5 MB.' });
});

test('a file that is not a PNG or JPEG answers 415, whatever its name', async () => {
  const res = await upload(Buffer.from('GIF89a not really a selfie'), 'selfie.png');
  expect(res.status).toBe(415);
  expect(res.body).toEqual({ message: 'Selfie must be a PNG or JPEG image.' });
  const html = await upload(Buffer.from('<html><body>hi</body></html>'), 'selfie.jpg');
  expect(html.status).toBe(415);
});

test('a fake or broken image with the right magic bytes is refused', async () => {
  const truncated = pngImage(320, 240).subarray(0, 60);
  const broken = await upload(truncated);
  expect(broken.status).toBe(400);
  expect(broken.body.message).toBe('Selfie image could not be read. Please capture it again.');
  const magicOnly = await upload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x02, 0x00, 0x00]), 'x.jpg');
  expect(magicOnly.status).toBe(400);
});

test('the pixel size must be sane', async () => {
  const tiny = await upload(pngImage(16, 16));
  expect(tiny.status).toBe(400);
  expect(tiny.body.message).toBe('Selfie must be between 64 and 4096 pixels wide and high.');
  const huge = await upload(jpegImage(8000, 600), 'big.jpg');
  expect(huge.status).toBe(400);
  expect(huge.body.message).toBe('Selfie must be between 64 and 4096 pixels wide and high.');
});

test('the file part is required', async () => {
  const none = await browser.post('/api/affiliate/upload-selfie').field('note', 'no file');
  expect(none.status).toBe(400);
  expect(none.body.message).toBe('Please provide Selfie.');
  const wrongField = await upload(pngImage(100, 100), 'selfie.png', 'image');
  expect(wrongField.status).toBe(400);
  expect(wrongField.body.message).toBe('Please provide Selfie.');
});

test('only a registration whose email is verified may upload', async () => {
  const anonymous = await request(t.app)
    .post('/api/affiliate/upload-selfie')
    .attach('file', pngImage(100, 100), 'a.png');
  expect(anonymous.status).toBe(400);
  expect(anonymous.body.message).toBe(
    'Your registration session has expired. Please start again with Send OTP.',
  );
  const unverified = newBrowser(t);
  await unverified
    .post('/api/affiliate/send-email-otp')
    .send({ email: 'unverified-selfie@example.com' })
    .expect(200);
  const res = await unverified
    .post('/api/affiliate/upload-selfie')
    .attach('file', pngImage(100, 100), 'a.png');
  expect(res.status).toBe(400);
  expect(res.body.message).toBe('Please verify your email first.');
});
