// ./Activity — route /admin_activity (issue 33): the audit log.
import { ActivityPage } from '../features/activity/components/activity-page';

export default ActivityPage;
