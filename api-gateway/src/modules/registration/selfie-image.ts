import { PNG } from 'pngjs';
import { RegistrationMessages, SELFIE_MAX_PIXELS, SELFIE_MIN_PIXELS } from '@portal/contracts';
import { badRequest, HttpError } from '../../http/errors';

/** A selfie as it will be stored: type decided by content, never by the name or the declared type. */
export interface CheckedSelfie {
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
  data: Buffer;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

export function imageTypeOf(data: Buffer): 'png' | 'jpeg' | undefined {
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'jpeg';
  return undefined;
}

/** Width and height from the IHDR chunk, which the PNG format puts first. */
export function pngSize(data: Buffer): { width: number; height: number } | undefined {
  if (data.length < 24 || data.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { width: data.readUInt32BE(16), height: data.readUInt32BE(20) };
}

/** SOFn markers carry the frame size; DHT (C4), JPG (C8) and DAC (CC) share the range but are not frames. */
const isStartOfFrame = (marker: number) =>
  marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker);

/** Walks the JPEG segments up to the first start-of-frame and reads its size. */
export function jpegSize(data: Buffer): { width: number; height: number } | undefined {
  let offset = 2;
  while (offset + 4 <= data.length) {
    if (data[offset] !== 0xff) return undefined;
    const marker = data[offset + 1];
    if (marker === 0xff) {
      offset += 1;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return undefined;
    const length = data.readUInt16BE(offset + 2);
    if (length < 2) return undefined;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > data.length) return undefined;
      return { height: data.readUInt16BE(offset + 5), width: data.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  return undefined;
}

const decodePng = (data: Buffer) =>
  new Promise<PNG>((resolve, reject) => {
    new PNG().parse(data, (error, png) => (error ? reject(error) : resolve(png)));
  });

const encodePng = (png: PNG) =>
  new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    png
      .pack()
      .on('data', (chunk: Buffer) => chunks.push(chunk))
      .on('end', () => resolve(Buffer.concat(chunks)))
      .on('error', reject);
  });

/**
 * PNG or JPEG by magic bytes (415 otherwise), with a sane pixel size. A PNG is decoded and re-encoded,
 * which proves it is an image and drops anything riding along (text chunks, appended data). A JPEG is
 * checked by its frame header: no JPEG codec is bundled, and the camera capture sends PNG anyway.
 */
export async function checkSelfie(data: Buffer): Promise<CheckedSelfie> {
  const type = imageTypeOf(data);
  if (!type) throw new HttpError(415, RegistrationMessages.selfieWrongType);
  const size = type === 'png' ? pngSize(data) : jpegSize(data);
  if (!size) throw badRequest(RegistrationMessages.selfieUnreadable);
  const fits = (n: number) => n >= SELFIE_MIN_PIXELS && n <= SELFIE_MAX_PIXELS;
  if (!fits(size.width) || !fits(size.height)) {
    throw badRequest(RegistrationMessages.selfieBadSize(SELFIE_MIN_PIXELS, SELFIE_MAX_PIXELS));
  }
  if (type === 'jpeg') return { contentType: 'image/jpeg', extension: 'jpg', ...size, data };
  let png: PNG;
  try {
    png = await decodePng(data);
  } catch {
    throw badRequest(RegistrationMessages.selfieUnreadable);
  }
  return {
    contentType: 'image/png',
    extension: 'png',
    width: png.width,
    height: png.height,
    data: await encodePng(png),
  };
}
