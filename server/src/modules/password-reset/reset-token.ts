import { createHash, randomBytes } from 'node:crypto';

/** DESIGN §6: 32 random bytes, single use, 30 minutes. */
export const RESET_TOKEN_BYTES = 32;
export const RESET_TOKEN_TTL_MS = 30 * 60 * 1000;

export const newResetToken = (): string => randomBytes(RESET_TOKEN_BYTES).toString('base64url');

/** Only this hash is stored (CONVENTIONS 9): a leaked table cannot reset anyone's password. */
export const hashResetToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');
