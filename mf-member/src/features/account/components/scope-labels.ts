import type { ApiKeyScope } from '@rotalink/shared-api/live';

/** What each scope lets a script do, in the member's words. */
export const SCOPE_LABELS: Record<ApiKeyScope, string> = {
  'links:read': 'Read links (and the profiles and rotator link they belong to)',
  'links:write': 'Add, edit, reorder, pause, reset and delete links',
  'stats:read': 'Read click statistics',
  'rotator:write': 'Change rotator settings',
  'conversions:write': 'Record conversions (sales) on your profiles',
};
