import type { Kysely, Transaction } from 'kysely';
import type { UsersTable } from '../modules/users/users.table';
import type { LinksTable } from '../modules/links/links.table';
import type { AdminsTable } from '../modules/admin/admins.table';
import type { PasswordResetsTable } from '../modules/password-reset/password-resets.table';
import type { PaymentsTable } from '../modules/payment/payments.table';
import type { EmailChangesTable } from '../modules/account/email-changes.table';
import type { RotatorsTable } from '../modules/rotator/rotators.table';
import type { ClickEventsTable, VisitorKeysTable } from '../modules/traffic/click-events.table';
import type {
  ClickDailyReferrersTable,
  ClickDailyRollupsTable,
  ClickProfileSlotsTable,
  ClickProfileTotalsTable,
  ClickReferrerRollupsTable,
  ClickRollupsTable,
  ClickVisitorDaysTable,
} from '../modules/stats/rollups.table';
import type { OutboxTable } from '../modules/outbox/outbox.table';
import type { JobRunsTable } from '../jobs/job-runs.table';
import type { ApiKeysTable } from '../modules/api-keys/api-keys.table';
import type { WebhookDeliveriesTable, WebhookEndpointsTable } from '../modules/webhooks/webhooks.table';
import type { IdempotencyKeysTable } from '../modules/public-api/idempotency.table';
import type { ConversionSettingsTable, ConversionsTable } from '../modules/conversions/conversions.table';
import type { ProfileHandlesTable } from '../modules/handles/handles.table';
import type { CustomDomainsTable } from '../modules/domains/domains.table';
import type { AuditEventsTable } from '../modules/audit/audit.table';
import type { SessionsTable } from '../modules/sessions/sessions.table';
import type { AdminRecoveryCodesTable, AdminTwoFactorTable } from '../modules/two-factor/two-factor.table';

/** The database type, assembled from each feature's table file (CONVENTIONS 4). */
export interface Database {
  users: UsersTable;
  links: LinksTable;
  admins: AdminsTable;
  password_resets: PasswordResetsTable;
  payments: PaymentsTable;
  email_changes: EmailChangesTable;
  rotators: RotatorsTable;
  click_events: ClickEventsTable;
  visitor_keys: VisitorKeysTable;
  click_rollups: ClickRollupsTable;
  click_referrer_rollups: ClickReferrerRollupsTable;
  click_visitor_days: ClickVisitorDaysTable;
  click_profile_totals: ClickProfileTotalsTable;
  click_daily_rollups: ClickDailyRollupsTable;
  click_daily_referrers: ClickDailyReferrersTable;
  click_profile_slots: ClickProfileSlotsTable;
  outbox: OutboxTable;
  audit_events: AuditEventsTable;
  sessions: SessionsTable;
  admin_two_factor: AdminTwoFactorTable;
  admin_recovery_codes: AdminRecoveryCodesTable;
  job_runs: JobRunsTable;
  api_keys: ApiKeysTable;
  webhook_endpoints: WebhookEndpointsTable;
  webhook_deliveries: WebhookDeliveriesTable;
  idempotency_keys: IdempotencyKeysTable;
  conversion_settings: ConversionSettingsTable;
  conversions: ConversionsTable;
  profile_handles: ProfileHandlesTable;
  custom_domains: CustomDomainsTable;
}

export type Db = Kysely<Database>;
/** Repository functions take either the database or an open transaction as their first argument. */
export type DbOrTrx = Kysely<Database> | Transaction<Database>;
export type Engine = 'sqlite' | 'postgres';
