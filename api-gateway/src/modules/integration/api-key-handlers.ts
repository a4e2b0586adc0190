import type { ApiKeyListResponse, CreateApiKeyResponse, MessageResponse } from '@portal/contracts';
import { ApiKeyMessages } from '@portal/contracts';
import { ApiKeyConflict, createApiKey, listApiKeys, revokeApiKey } from '../../auth/api-keys';
import type { AppContext } from '../../context';
import { conflict, notFound } from '../../http/errors';

/** The admin's calls behind `npm run api-key` while the portal runs (the same functions the command uses offline). */
export async function listKeys(ctx: AppContext): Promise<ApiKeyListResponse> {
  return (await listApiKeys(ctx)).map((key) => ({
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt?.toISOString() ?? null,
  }));
}

export async function createKey(ctx: AppContext, name: string): Promise<CreateApiKeyResponse> {
  try {
    return { name, key: await createApiKey(ctx, name) };
  } catch (error) {
    if (error instanceof ApiKeyConflict) throw conflict(error.message);
    throw error;
  }
}

export async function revokeKey(ctx: AppContext, name: string): Promise<MessageResponse> {
  if (!(await revokeApiKey(ctx, name))) throw notFound(ApiKeyMessages.noLiveKey(name));
  return { message: ApiKeyMessages.revoked(name) };
}
