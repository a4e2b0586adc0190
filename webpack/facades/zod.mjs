// The shared `zod` (one copy per page): zod's own entry (v4/classic/external.js) minus `locales`, the
// ~45 translations of its messages. A shared module is never tree-shaken, so they would otherwise all
// download; the portal's messages are its own (contracts) and zod's defaults stay English.
import { config } from '@portal-build/zod/v4/core/index.js';
import en from '@portal-build/zod/v4/locales/en.js';
import * as z from './zod.mjs';

config(en());

export * as core from './zod-core.mjs';
export * from '@portal-build/zod/v4/classic/schemas.js';
export * from '@portal-build/zod/v4/classic/checks.js';
export * from '@portal-build/zod/v4/classic/errors.js';
export * from '@portal-build/zod/v4/classic/parse.js';
export * from '@portal-build/zod/v4/classic/compat.js';
export {
  globalRegistry,
  registry,
  config,
  $output,
  $input,
  $brand,
  clone,
  regexes,
  treeifyError,
  prettifyError,
  formatError,
  flattenError,
  toJSONSchema,
  TimePrecision,
  util,
  NEVER,
} from '@portal-build/zod/v4/core/index.js';
export { ZodISODateTime, ZodISODate, ZodISOTime, ZodISODuration } from '@portal-build/zod/v4/classic/iso.js';
export * as iso from '@portal-build/zod/v4/classic/iso.js';
export * as coerce from '@portal-build/zod/v4/classic/coerce.js';
export { z };
export default z;
