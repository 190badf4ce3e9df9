import { Type, type Static } from '@sinclair/typebox';
import { API_KEY_SCOPES } from './access';
import { Id, Name, Nullable, strict } from './common';

/** Issue 31: a member's API keys, as the account page lists them. The secret is never in a list. */
export const ApiKeyScopeSchema = Type.Union(API_KEY_SCOPES.map((s) => Type.Literal(s)));

const Instant = Type.String({ minLength: 1, maxLength: 40, description: 'ISO 8601 date-time' });

export const ApiKey = Type.Object({
  id: Id,
  name: Type.String(),
  /** What the key starts with ('rlk_0a1b2c3d4e5f_…'): enough to tell keys apart, nothing to use. */
  prefix: Type.String(),
  scopes: Type.Array(ApiKeyScopeSchema),
  created_at: Type.String(),
  expires_at: Nullable(Type.String()),
  last_used_at: Nullable(Type.String()),
  revoked_at: Nullable(Type.String()),
});
export type ApiKey = Static<typeof ApiKey>;

export const ApiKeysOk = Type.Object({ keys: Type.Array(ApiKey) });
export type ApiKeysOk = Static<typeof ApiKeysOk>;

export const CreateApiKeyBody = Type.Object(
  {
    name: Name,
    scopes: Type.Array(ApiKeyScopeSchema, { minItems: 1, maxItems: API_KEY_SCOPES.length, uniqueItems: true }),
    /** Absent or null: the key never expires. */
    expires_at: Type.Optional(Nullable(Instant)),
  },
  strict,
);
export type CreateApiKeyBody = Static<typeof CreateApiKeyBody>;

/** The only answer that carries the secret: the page shows it once. */
export const CreateApiKeyOk = Type.Object({ message: Type.String(), key: ApiKey, secret: Type.String() });
export type CreateApiKeyOk = Static<typeof CreateApiKeyOk>;

export const ApiKeyParams = Type.Object({ keyId: Id }, strict);
export type ApiKeyParams = Static<typeof ApiKeyParams>;

export const RevokeApiKeyOk = Type.Object({ message: Type.String(), key: ApiKey });
export type RevokeApiKeyOk = Static<typeof RevokeApiKeyOk>;
