import { requestOf, transmit, type CallInput, type CallPath } from '@rotalink/shared-api';

/**
 * One call of a /live page through the session kernel's transport (issue 26): the answer's data,
 * or the kernel's ApiError. The /live entries carry their own calls (decision 0071), so this sits
 * here rather than in the singleton.
 */
export async function send<T>(path: CallPath, input: CallInput = {}): Promise<T> {
  const { request, bearer } = requestOf(path, input);
  return (await transmit<T>(request, bearer)).data;
}
