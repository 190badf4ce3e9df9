import type { Selectable } from 'kysely';

/** profile_handles (issue 32, migration 0070): a profile's current handle and the old ones still redirecting. */
export interface ProfileHandlesTable {
  handle: string;
  skeleton: string;
  profile_id: string;
  state: 'current' | 'old';
  created_at: string;
  /** For an 'old' row: when it stops redirecting and anyone may claim it. */
  frees_at: string | null;
}
export type ProfileHandleRow = Selectable<ProfileHandlesTable>;
