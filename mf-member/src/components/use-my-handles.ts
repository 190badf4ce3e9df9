import { getMyHandles } from '@rotalink/shared-api';
import { useAsyncData } from './use-async-data';

/**
 * Issue 32: the current handle of each of the member's profiles, for the dashboard's copy buttons
 * and QR codes. One call for all profiles; while it loads or if it fails, the id addresses are
 * shown (they always work).
 */
export function useMyHandles(): Record<string, string> {
  const handles = useAsyncData(() => getMyHandles(), []);
  return handles.state.status === 'ready' ? handles.state.data.handles : {};
}
