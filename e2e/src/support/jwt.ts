/**
 * Tokens the way the server's clock would see them later: a real token of the API, re-signed with
 * the suite's JWT_SECRET (global-setup sets it) after moving its expiry into the past. The
 * server's minimum JWT_TTL is one minute, too long to wait for in a browser suite.
 */
import { createHmac } from 'node:crypto';
import { stack } from './stack';

const b64url = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export function expiredCopyOf(token: string): string {
  const [head, payload] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, number | string>;
  const now = Math.floor(Date.now() / 1000);
  const body = b64url(JSON.stringify({ ...claims, exp: now - 5 }));
  const signature = createHmac('sha256', stack().apiEnv.JWT_SECRET).update(`${head}.${body}`).digest();
  return `${head}.${body}.${b64url(signature)}`;
}
