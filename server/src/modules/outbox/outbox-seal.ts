import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Outbox payloads are sealed (AES-256-GCM, a key derived from JWT_SECRET with HKDF): some kinds
 * carry a one-time link (an email change's confirmation), which must not be readable from a
 * database dump while the mail waits. Every node shares JWT_SECRET, so any node can deliver.
 */
export class OutboxSeal {
  private readonly key: Buffer;

  /** `purpose`: another use gets its own key (issue 31: webhook signing secrets at rest). */
  constructor(secret: string, purpose = 'outbox payload v1') {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'rotalink-outbox', purpose, 32));
  }

  seal(value: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  /** Throws when the payload was sealed under another secret or altered. */
  open<T>(sealed: string): T {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed outbox payload');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as T;
  }
}
