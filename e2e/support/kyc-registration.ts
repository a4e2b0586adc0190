import { expect } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { deflateSync } from 'node:zlib';

/**
 * A newly registered affiliate, made through the registration API as the browser would call it (the
 * registration cookie is kept by the request context): OTPs from the dev outbox, the captcha answer
 * from the dev route. The registration screen has its own journey; here it is only the starting point.
 */
export interface RegisteredAffiliate {
  fullName: string;
  email: string;
  mobileNumber: string;
  phoneCode: string;
  ninOrBVN: string;
  accountNumber: string;
}

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;

/** A made-up client address in 10.0.0.0/8, as one agent's phone behind the portal's proxy. */
function clientAddress(): string {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return `10.${octet()}.${octet()}.${octet()}`;
}

function randomDigits(length: number, first = '123456789'): string {
  let digits = first[Math.floor(Math.random() * first.length)];
  while (digits.length < length) digits += String(Math.floor(Math.random() * 10));
  return digits;
}

/** The NIN/BVN rules of spec §5: no 6 equal digits in a row, no ascending or descending run of 6. */
function acceptableIdentityNumber(digits: string): boolean {
  for (let i = 0; i + 6 <= digits.length; i += 1) {
    const run = digits
      .slice(i, i + 6)
      .split('')
      .map(Number);
    const steps = run.slice(1).map((d, k) => d - run[k]);
    if (steps.every((s) => s === 0) || steps.every((s) => s === 1) || steps.every((s) => s === -1))
      return false;
  }
  return true;
}

function identityNumber(): string {
  for (;;) {
    const candidate = randomDigits(11);
    if (acceptableIdentityNumber(candidate)) return candidate;
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff] ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A small RGB PNG (a gradient), enough for the selfie upload's content and size checks. */
export function selfiePng(width = 160, height = 120): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const offset = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      rows[offset + 1 + x * 3] = (x * 255) / width;
      rows[offset + 2 + x * 3] = (y * 255) / height;
      rows[offset + 3 + x * 3] = 160;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function ok<T>(label: string, response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  const body: unknown = await response.json().catch(() => undefined);
  expect(response.ok(), `${label}: ${response.status()} ${JSON.stringify(body)}`).toBe(true);
  return body as T;
}

/** The newest outbox message to `to` (an email or a +234... number), via the dev route. */
export async function latestOutboxBody(
  api: APIRequestContext,
  to: string,
  matching?: RegExp,
): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        const { messages } = await ok<{ messages: { body: string }[] }>(
          'dev/outbox',
          await api.get('/api/dev/outbox', { params: { to } }),
        );
        found = messages.find((m) => !matching || matching.test(m.body))?.body;
        return found !== undefined;
      },
      { message: `a message to ${to}`, timeout: 10_000 },
    )
    .toBe(true);
  return found as string;
}

async function otpFor(api: APIRequestContext, to: string): Promise<string> {
  const body = await latestOutboxBody(api, to, /\b\d{6}\b/);
  return (body.match(/\b(\d{6})\b/) as RegExpMatchArray)[1];
}

/** Registers a new affiliate (status KYC Pending) through the registration API. */
export async function registerAffiliate(
  api: APIRequestContext,
  fullName = 'Kemi Adeyemi',
): Promise<RegisteredAffiliate> {
  const email = `kyc-${unique()}@example.com`;
  const options = await ok<{
    countries: { countryID: number; phoneCode: string; phoneNumberLength: number; countryName: string }[];
    banks: { bankID: number }[];
  }>('register options', await api.get('/api/master/affiliate-register-options'));
  const country = options.countries.find((c) => c.countryName === 'Nigeria') ?? options.countries[0];
  const mobileNumber = randomDigits(country.phoneNumberLength, '789');
  const ninOrBVN = identityNumber();
  const accountNumber = randomDigits(10, '0123456789');
  // Each agent from its own phone: the OTP sends count against this address, not the test machine's.
  const headers = { 'X-Forwarded-For': clientAddress() };

  await ok('send-email-otp', await api.post('/api/affiliate/send-email-otp', { data: { email }, headers }));
  const emailOtp = await otpFor(api, email);
  await ok(
    'verify-email-otp',
    await api.post('/api/affiliate/verify-email-otp', { data: { email, otp: emailOtp } }),
  );

  const mobile = { email, countryID: country.countryID, mobileNumber };
  await ok('send-mobile-otp', await api.post('/api/affiliate/send-mobile-otp', { data: mobile, headers }));
  const mobileOtp = await otpFor(api, `${country.phoneCode}${mobileNumber}`);
  await ok(
    'verify-mobile-otp',
    await api.post('/api/affiliate/verify-mobile-otp', { data: { ...mobile, otp: mobileOtp } }),
  );

  const { selfieImagePath } = await ok<{ selfieImagePath: string }>(
    'upload-selfie',
    await api.post('/api/affiliate/upload-selfie', {
      multipart: { file: { name: 'selfie.png', mimeType: 'image/png', buffer: selfiePng() } },
    }),
  );

  const { captchaId } = await ok<{ captchaId: string }>('captcha', await api.post('/api/captcha'));
  const { answer } = await ok<{ answer: string }>(
    'dev/captcha',
    await api.get(`/api/dev/captcha/${captchaId}`),
  );
  await ok('captcha/verify', await api.post('/api/captcha/verify', { data: { captchaId, answer } }));

  await ok(
    'submit-registration',
    await api.post('/api/affiliate/submit-registration', {
      data: {
        fullName,
        email,
        countryID: country.countryID,
        identityType: 'BVN',
        ninOrBVN,
        bankID: options.banks[0].bankID,
        accountNumber,
        selfieImagePath,
        captchaId,
        tandc: true,
      },
    }),
  );
  return { fullName, email, mobileNumber, phoneCode: country.phoneCode, ninOrBVN, accountNumber };
}

/** The temporary password in the approval email (DESIGN §4: sent at the first KYC decision). */
export async function temporaryPasswordFor(api: APIRequestContext, email: string): Promise<string> {
  const body = await latestOutboxBody(api, email, /temporary password/i);
  const match = body.match(/temporary password:\s*\n\s*\n\s*(\S+)/i);
  expect(match, `a temporary password in: ${body}`).not.toBeNull();
  return (match as RegExpMatchArray)[1];
}
