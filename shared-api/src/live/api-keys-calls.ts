import type { ApiKeysOk, CreateApiKeyBody, CreateApiKeyOk, RevokeApiKeyOk } from '../contract/api-keys';
import { apiKeyPaths } from '../paths/api-keys';
import { send } from './send';

/**
 * Issue 31: the account page's API key calls. In /live, for the reason the stats calls are
 * (decision 0071): only the page that manages keys carries them.
 */
export const listApiKeys = () => send<ApiKeysOk>(apiKeyPaths.listApiKeys);
/** The answer's `secret` is the only time the key's text is shown. */
export const createApiKey = (body: CreateApiKeyBody) => send<CreateApiKeyOk>(apiKeyPaths.createApiKey, { body });
export const revokeApiKey = (keyId: string) => send<RevokeApiKeyOk>(apiKeyPaths.revokeApiKey, { params: { keyId } });
