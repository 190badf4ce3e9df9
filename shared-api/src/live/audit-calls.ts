import { http, requestOf, toApiError, type CallPath } from '@rotalink/shared-api';
import type { ActivityPage, ActivityQuery, SecurityEventsOk } from '../contract/audit';
import { auditPaths } from '../paths/audit';
import { queryOf } from './query';

/**
 * Issue 33: the audit-log reads. Here rather than in the singleton for the reason the stats calls
 * are (this entry's header): a remote built with them must run under a shell whose singleton
 * predates them. They send with the singleton's axios instance and token.
 */
async function read<T>(path: CallPath, query: Record<string, string> = {}): Promise<T> {
  const { config, bearer } = requestOf(path, { query });
  try {
    return (await http.request<T>(config)).data;
  } catch (err) {
    throw toApiError(err, bearer);
  }
}

/** One page of the audit log (admin), filtered on the server. */
export const getActivity = (q: ActivityQuery): Promise<ActivityPage> => read<ActivityPage>(auditPaths.getActivity, queryOf({ ...q }));

/** The signed-in member's own security events, newest first. */
export const getSecurityEvents = (): Promise<SecurityEventsOk> => read<SecurityEventsOk>(auditPaths.getSecurityEvents);
