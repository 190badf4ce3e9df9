import type { ActivityPage, ActivityQuery, SecurityEventsOk } from '../contract/audit';
import { auditPaths } from '../paths/audit';
import { queryOf } from './query';
import { send } from './send';

/**
 * Issue 33: the audit-log reads. In /live, for the reason the stats calls are (decision 0071): only
 * the pages that show the log carry them. They send through the session kernel's transport.
 */

/** One page of the audit log (admin), filtered on the server. */
export const getActivity = (q: ActivityQuery): Promise<ActivityPage> =>
  send<ActivityPage>(auditPaths.getActivity, { query: queryOf({ ...q }) });

/** The signed-in member's own security events, newest first. */
export const getSecurityEvents = (): Promise<SecurityEventsOk> => send<SecurityEventsOk>(auditPaths.getSecurityEvents);
