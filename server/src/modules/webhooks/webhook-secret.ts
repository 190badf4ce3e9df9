import { randomBytes } from 'node:crypto';
import { OutboxSeal } from '../outbox';

/**
 * An endpoint's signing secret (Standard Webhooks): `whsec_` + base64 of 32 random bytes, the form
 * the `standardwebhooks` package (and Svix's) reads on both sides. The receiver keeps it; we must
 * read it back to sign each delivery, so it is sealed at rest (AES-256-GCM under a key from
 * JWT_SECRET) rather than hashed: a database copy alone cannot forge our deliveries.
 */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export class WebhookSecrets {
  private readonly seal: OutboxSeal;
  constructor(jwtSecret: string) {
    this.seal = new OutboxSeal(jwtSecret, 'webhook signing secret v1');
  }
  sealed(secret: string): string {
    return this.seal.seal(secret);
  }
  open(sealed: string): string {
    return this.seal.open<string>(sealed);
  }
}
