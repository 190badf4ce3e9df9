import { getSubProfiles } from '@rotalink/shared-api';
import { useAsyncData } from '../../../components/use-async-data';
import { useMyProfile } from '../../../components/use-my-profile';

/**
 * The dashboard's two loads, kept apart so a failed sub-profile list never hides the member's
 * own status and public link.
 */
export function useDashboardData() {
  const profile = useMyProfile();
  const subProfiles = useAsyncData(async () => (await getSubProfiles()).subProfiles ?? [], []);
  return { profile, subProfiles };
}
