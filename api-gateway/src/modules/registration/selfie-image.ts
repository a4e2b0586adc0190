import { availableParallelism } from 'node:os';
import sharp from 'sharp';
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

/**
 * Images decoded at once by this gateway: one core is left to the event loop (on two cores, one decode at
 * a time), and at most two, because sharp works on libuv's thread pool (4 threads), which file access and
 * argon2 share. It also bounds the memory of decodes in flight (a 4096×4096 image is 50-67 MB decoded).
 */
export const SELFIE_DECODES_AT_ONCE = Math.max(1, Math.min(2, availableParallelism() - 1));
/** A decode that takes longer than this is abandoned; a legitimate selfie takes well under a second. */
const DECODE_TIMEOUT_SECONDS = 10;

// Every upload is a different image: libvips' operation cache would only hold on to memory.
sharp.cache(false);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

export function imageTypeOf(data: Buffer): 'png' | 'jpeg' | undefined {
  if (data.subarray(0, 8).equals(PNG_SIGNATURE)) return 'png';
  if (data.subarray(0, 3).equals(JPEG_SIGNATURE)) return 'jpeg';
  return undefined;
}

let decodesRunning = 0;
const waitingForDecode: Array<() => void> = [];

async function inDecodeSlot<T>(work: () => Promise<T>): Promise<T> {
  if (decodesRunning >= SELFIE_DECODES_AT_ONCE) {
    await new Promise<void>((resolve) => waitingForDecode.push(resolve));
  } else {
    decodesRunning++;
  }
  try {
    return await work();
  } finally {
    const next = waitingForDecode.shift();
    if (next) next();
    else decodesRunning--;
  }
}

/** Width, height and format from the image header alone: nothing is decoded, so no pixel limit is needed. */
async function headerOf(data: Buffer) {
  try {
    return await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw badRequest(RegistrationMessages.selfieUnreadable);
  }
}

/**
 * PNG or JPEG by magic bytes (415 otherwise), 64-4096 px each way by its header (400), then decoded and
 * re-encoded by sharp (libvips), off the event loop on libuv's thread pool. Re-encoding proves it is an
 * image and drops anything riding along (metadata such as a JPEG's GPS position, text chunks, bytes
 * appended after the image end). A decoder failure is a 400, never a crash: sharp reports it as a
 * rejected promise, and `failOn: 'warning'` (sharp's advice for untrusted input) refuses corrupt and
 * truncated data instead of guessing.
 */
export async function checkSelfie(data: Buffer): Promise<CheckedSelfie> {
  const type = imageTypeOf(data);
  if (!type) throw new HttpError(415, RegistrationMessages.selfieWrongType);
  const header = await headerOf(data);
  if (header.format !== type) throw badRequest(RegistrationMessages.selfieUnreadable);
  const fits = (n: number | undefined) => n !== undefined && n >= SELFIE_MIN_PIXELS && n <= SELFIE_MAX_PIXELS;
  if (!fits(header.width) || !fits(header.height)) {
    throw badRequest(RegistrationMessages.selfieBadSize(SELFIE_MIN_PIXELS, SELFIE_MAX_PIXELS));
  }
  try {
    const { data: encoded, info } = await inDecodeSlot(() => {
      const image = sharp(data, {
        failOn: 'warning',
        // The header was checked above; this holds the decoder to it whatever the file claims later.
        limitInputPixels: SELFIE_MAX_PIXELS * SELFIE_MAX_PIXELS,
        autoOrient: true,
      }).timeout({ seconds: DECODE_TIMEOUT_SECONDS });
      return (type === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer({
        resolveWithObject: true,
      });
    });
    return {
      contentType: type === 'png' ? 'image/png' : 'image/jpeg',
      extension: type === 'png' ? 'png' : 'jpg',
      width: info.width,
      height: info.height,
      data: encoded,
    };
  } catch {
    throw badRequest(RegistrationMessages.selfieUnreadable);
  }
}
