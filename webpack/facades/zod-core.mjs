// `z.core` without `locales` (see zod.mjs).
export * from '@portal-build/zod/v4/core/core.js';
export * from '@portal-build/zod/v4/core/parse.js';
export * from '@portal-build/zod/v4/core/errors.js';
export * from '@portal-build/zod/v4/core/schemas.js';
export * from '@portal-build/zod/v4/core/checks.js';
export * from '@portal-build/zod/v4/core/versions.js';
export * as util from '@portal-build/zod/v4/core/util.js';
export * as regexes from '@portal-build/zod/v4/core/regexes.js';
export * from '@portal-build/zod/v4/core/registries.js';
export * from '@portal-build/zod/v4/core/doc.js';
export * from '@portal-build/zod/v4/core/api.js';
export * from '@portal-build/zod/v4/core/to-json-schema.js';
export * as JSONSchema from '@portal-build/zod/v4/core/json-schema.js';
