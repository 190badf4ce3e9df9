import { getProfile, getSubProfiles } from '@rotalink/shared-api';
import { useAsyncData } from '../../../components/use-async-data';

/**
 * The dashboard's two loads, kept apart so a failed sub-profile list never hides the member's
 * own status and public link.
 */
export function useDashboardData() {
  const profile = useAsyncData(() => getProfile(), []);
  const subProfiles = useAsyncData(async () => (await getSubProfiles()).subProfiles ?? [], []);
  return { profile, subProfiles };
}
