import type { Selectable } from 'kysely';

/** custom_domains (issue 32, migration 0070): one hostname per member account. */
export interface CustomDomainsTable {
  hostname: string;
  user_id: string;
  token: string;
  /** Set while the TXT record holds the token; cleared by the first check that no longer finds it. */
  verified_at: string | null;
  checked_at: string | null;
  created_at: string;
}
export type CustomDomainRow = Selectable<CustomDomainsTable>;
