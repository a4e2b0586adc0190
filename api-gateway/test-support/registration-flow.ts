import { deflateSync } from 'node:zlib';
import { PNG } from 'pngjs';
import request from 'supertest';
import type { TestApp } from './test-app';

/** Test helpers that walk a registration through the API as a browser would (cookies kept by the agent). */

export type Agent = request.Agent;

export function newBrowser(t: TestApp): Agent {
  return request.agent(t.app);
}

/** The code in the newest verification message to `to`, read through the dev route. */
export async function latestOtp(t: TestApp, to: string): Promise<string> {
  const res = await request(t.app).get('/api/dev/outbox').query({ to });
  const bodies = ((res.body.messages ?? []) as Array<{ body: string }>).map((m) => m.body);
  const code = bodies.map((body) => body.match(/verification code is (\d{6})\./)?.[1]).find(Boolean);
  if (!code) throw new Error(`no OTP in the outbox for ${to}: ${JSON.stringify(res.body)}`);
  return code;
}

export const NIGERIA = { countryID: 1, phoneCode: '+234', length: 10 };

/** Returns the registration cookie (`name=value`) the browser now holds. */
export async function verifyEmail(t: TestApp, browser: Agent, email: string): Promise<string> {
  const sent = await browser.post('/api/affiliate/send-email-otp').send({ email });
  if (sent.status !== 200) throw new Error(`send-email-otp ${sent.status}: ${JSON.stringify(sent.body)}`);
  const cookie = String(sent.headers['set-cookie'] ?? '').split(';')[0];
  const otp = await latestOtp(t, email);
  const verified = await browser.post('/api/affiliate/verify-email-otp').send({ email, otp });
  if (verified.status !== 200)
    throw new Error(`verify-email-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
  return cookie;
}

export async function verifyMobile(
  t: TestApp,
  browser: Agent,
  email: string,
  mobileNumber: string,
  countryID = NIGERIA.countryID,
): Promise<void> {
  const sent = await browser.post('/api/affiliate/send-mobile-otp').send({ email, countryID, mobileNumber });
  if (sent.status !== 200) throw new Error(`send-mobile-otp ${sent.status}: ${JSON.stringify(sent.body)}`);
  const otp = await latestOtp(t, `${NIGERIA.phoneCode}${mobileNumber}`);
  const verified = await browser
    .post('/api/affiliate/verify-mobile-otp')
    .send({ email, countryID, mobileNumber, otp });
  if (verified.status !== 200)
    throw new Error(`verify-mobile-otp ${verified.status}: ${JSON.stringify(verified.body)}`);
}

export function pngImage(width: number, height: number): Buffer {
  const png = new PNG({ width, height });
  for (let i = 0; i < png.data.length; i += 4) {
    png.data[i] = (i / 4) % 256;
    png.data[i + 1] = 128;
    png.data[i + 2] = 64;
    png.data[i + 3] = 255;
  }
  return PNG.sync.write(png);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const checksum = Buffer.alloc(4);
  checksum.writeUInt32BE((crc ^ 0xffffffff) >>> 0);
  return Buffer.concat([length, body, checksum]);
}

/**
 * An RGB PNG written byte by byte, so a test can make it wrong on purpose: every scanline starts with
 * `filterByte` (0-4 are valid), the compressed pixel data can be cut to a fraction (`keepIdat`), and the
 * header can claim any size. Plain black pixels compress about 1000:1, so 4096×4096 is ~49 KB.
 */
export function craftedPng(
  width: number,
  height: number,
  options: { filterByte?: number; keepIdat?: number; pixelRows?: number } = {},
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = 2; // RGB
  const rows = Math.min(height, options.pixelRows ?? height);
  const scanlines = Buffer.alloc(rows * (width * 3 + 1));
  for (let row = 0; row < rows; row++) scanlines[row * (width * 3 + 1)] = options.filterByte ?? 0;
  let pixels = deflateSync(scanlines, { level: 9 });
  if (options.keepIdat !== undefined)
    pixels = pixels.subarray(0, Math.floor(pixels.length * options.keepIdat));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', pixels),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

export async function uploadSelfie(browser: Agent, image = pngImage(320, 240)): Promise<string> {
  const res = await browser.post('/api/affiliate/upload-selfie').attach('file', image, 'selfie.png');
  if (res.status !== 201) throw new Error(`upload-selfie ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.selfieImagePath as string;
}

export async function solvedCaptcha(t: TestApp): Promise<string> {
  const challenge = await request(t.app).post('/api/captcha');
  const captchaId = challenge.body.captchaId as string;
  const { body } = await request(t.app).get(`/api/dev/captcha/${captchaId}`);
  const verified = await request(t.app).post('/api/captcha/verify').send({ captchaId, answer: body.answer });
  if (verified.status !== 200)
    throw new Error(`captcha/verify ${verified.status}: ${JSON.stringify(verified.body)}`);
  return captchaId;
}

export interface ReadyRegistration {
  browser: Agent;
  cookie: string;
  email: string;
  mobileNumber: string;
  payload: Record<string, unknown>;
}

/** Email and mobile verified, selfie uploaded, captcha solved: everything Register Now needs. */
export async function readyRegistration(
  t: TestApp,
  email: string,
  mobileNumber: string,
  overrides: Record<string, unknown> = {},
): Promise<ReadyRegistration> {
  const browser = newBrowser(t);
  const cookie = await verifyEmail(t, browser, email);
  await verifyMobile(t, browser, email, mobileNumber);
  const selfieImagePath = await uploadSelfie(browser);
  const captchaId = await solvedCaptcha(t);
  return {
    browser,
    cookie,
    email,
    mobileNumber,
    payload: {
      fullName: 'Ada Obi',
      email,
      countryID: NIGERIA.countryID,
      identityType: 'BVN',
      ninOrBVN: '22334455667',
      bankID: 1,
      // Unique per mobile, so only the tests that want duplicate identities get flags.
      accountNumber: mobileNumber,
      selfieImagePath,
      captchaId,
      tandc: true,
      ...overrides,
    },
  };
}
