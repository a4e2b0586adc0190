import { CommissionUploadMessages } from '@portal/contracts';

/**
 * What an upload is before any parser sees it (DESIGN §4): its container by magic bytes, and for a zip
 * (.xlsx) its central directory read here, so a zip bomb or a workbook with macros is refused from its
 * headers alone. The worker then checks that each entry really inflates to no more than it declares.
 */

export const CONTAINER_LIMITS = {
  /** A workbook has a few dozen parts; thousands means something else. */
  maxEntries: 1_000,
  /** Everything inflated together; 100k rate rows come to about 30 MB of sheet XML. */
  maxUnpackedBytes: 160 * 1024 * 1024,
  /** One part inflated: the sheet of 100k rates is the largest, about 30 MB. */
  maxPartBytes: 64 * 1024 * 1024,
  /**
   * The shared-strings part inflated. 100k rates hold a few distinct texts per row at most (codes, categories):
   * a few MB. SheetJS reads this part whole before any row, ~5 s for 23 MB on a busy machine (issue 25).
   */
  maxSharedStringsBytes: 8 * 1024 * 1024,
} as const;

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

export type Container = { kind: 'zip'; entries: ZipEntry[] } | { kind: 'cfb' };

/** A refusal before parsing: the status and the message the caller sees. */
export class ContainerRefusal extends Error {
  constructor(
    readonly status: 400 | 415,
    message: string,
  ) {
    super(message);
  }
}

const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const CFB_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const ZIP64_MARK = 0xffffffff;
/** Parts that carry VBA or Excel 4 macros. */
const SHARED_STRINGS_PART = /(^|\/)sharedStrings[^/]*$/i;
const MACRO_PART = /(^|\/)(vbaProject\.bin|vbaProjectSignature\.bin)$|^xl\/macrosheets\//i;

export function inspectContainer(file: Buffer): Container {
  if (file.length === 0) throw new ContainerRefusal(400, CommissionUploadMessages.empty);
  if (file.subarray(0, 4).equals(ZIP_MAGIC)) return { kind: 'zip', entries: readCentralDirectory(file) };
  if (file.subarray(0, 8).equals(CFB_MAGIC)) return { kind: 'cfb' };
  throw new ContainerRefusal(415, CommissionUploadMessages.notExcel);
}

function readCentralDirectory(file: Buffer): ZipEntry[] {
  const unreadable = () => new ContainerRefusal(400, CommissionUploadMessages.unreadable);
  const tooLarge = () => new ContainerRefusal(400, CommissionUploadMessages.unpacksTooLarge);
  // The end record is the last 22 bytes plus a comment of at most 65,535.
  let eocd = -1;
  for (let at = file.length - 22; at >= Math.max(0, file.length - 22 - 0xffff); at--) {
    if (file.readUInt32LE(at) === EOCD_SIGNATURE) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw unreadable();
  const count = file.readUInt16LE(eocd + 10);
  const directorySize = file.readUInt32LE(eocd + 12);
  const directoryOffset = file.readUInt32LE(eocd + 16);
  // 0xFFFF entries or 0xFFFFFFFF offsets mean ZIP64: a workbook of a few MB never needs it.
  if (count === 0xffff || directoryOffset === ZIP64_MARK) throw tooLarge();
  if (count > CONTAINER_LIMITS.maxEntries) throw tooLarge();
  if (count === 0 || directoryOffset + directorySize > eocd) throw unreadable();

  const entries: ZipEntry[] = [];
  let unpacked = 0;
  let at = directoryOffset;
  for (let i = 0; i < count; i++) {
    if (at + 46 > eocd || file.readUInt32LE(at) !== CENTRAL_SIGNATURE) throw unreadable();
    const method = file.readUInt16LE(at + 10);
    const compressedSize = file.readUInt32LE(at + 20);
    const uncompressedSize = file.readUInt32LE(at + 24);
    const nameLength = file.readUInt16LE(at + 28);
    const extraLength = file.readUInt16LE(at + 30);
    const commentLength = file.readUInt16LE(at + 32);
    const localHeaderOffset = file.readUInt32LE(at + 42);
    const name = file.toString('utf8', at + 46, at + 46 + nameLength);
    if (compressedSize === ZIP64_MARK || uncompressedSize === ZIP64_MARK || localHeaderOffset === ZIP64_MARK)
      throw tooLarge();
    if (method !== 0 && method !== 8) throw unreadable();
    if (localHeaderOffset + 30 + compressedSize > file.length) throw unreadable();
    if (MACRO_PART.test(name)) throw new ContainerRefusal(400, CommissionUploadMessages.macros);
    if (uncompressedSize > CONTAINER_LIMITS.maxPartBytes) throw tooLarge();
    if (SHARED_STRINGS_PART.test(name) && uncompressedSize > CONTAINER_LIMITS.maxSharedStringsBytes)
      throw tooLarge();
    unpacked += uncompressedSize;
    if (unpacked > CONTAINER_LIMITS.maxUnpackedBytes) throw tooLarge();
    entries.push({ name, method, compressedSize, uncompressedSize, localHeaderOffset });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
