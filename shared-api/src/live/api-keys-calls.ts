import { requestOf, transmit, type CallInput, type CallPath } from '@rotalink/shared-api';
import type { ApiKeysOk, CreateApiKeyBody, CreateApiKeyOk, RevokeApiKeyOk } from '../contract/api-keys';
import { apiKeyPaths } from '../paths/api-keys';

/**
 * Issue 31: the account page's API key calls. In /live, for the reason the stats calls are
 * (decision 0071): only the page that manages keys carries them.
 */
async function send<T>(path: CallPath, input: CallInput = {}): Promise<T> {
  const { request, bearer } = requestOf(path, input);
  return (await transmit<T>(request, bearer)).data; // through the session kernel's transport (issue 26)
}

export const listApiKeys = () => send<ApiKeysOk>(apiKeyPaths.listApiKeys);
/** The answer's `secret` is the only time the key's text is shown. */
export const createApiKey = (body: CreateApiKeyBody) => send<CreateApiKeyOk>(apiKeyPaths.createApiKey, { body });
export const revokeApiKey = (keyId: string) => send<RevokeApiKeyOk>(apiKeyPaths.revokeApiKey, { params: { keyId } });
