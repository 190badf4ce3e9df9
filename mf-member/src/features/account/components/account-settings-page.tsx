import { Link } from 'react-router-dom';
import { MESSAGES, errorText, getProfile } from '@rotalink/shared-api';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { usePageTitle } from '../../../components/use-page-title';
import { useAsyncData } from '../../../components/use-async-data';
import { ChangeEmailForm } from './change-email-form';
import { ChangePasswordForm } from './change-password-form';
import { ApiKeysPanel } from './api-keys-panel';
import { WebhooksPanel } from './webhooks-panel';
import { CustomDomainCard } from '../../../components/vanity/custom-domain-card';
import { SecurityEvents } from './security-events';
import { SessionsPanel } from './sessions-panel';
import { YourDataCard } from './your-data-card';

/** /account — account settings (issue 13): change password, change email. Linked from the dashboard. */
export function AccountSettingsPage() {
  usePageTitle('Account settings');
  const profile = useAsyncData(() => getProfile(), []);
  return (
    <div className="mem-page">
      <header className="mem-header">
        <div style={{ minWidth: 0 }}>
          <h1>Account settings</h1>
          <p className="mem-subtitle">Your sign-in email and password, and your API keys.</p>
        </div>
        <Link className="mem-btn mem-btn--secondary" to="/user">
          Back to dashboard
        </Link>
      </header>
      {profile.state.status === 'loading' && <Loading label="Loading your account…" />}
      {profile.state.status === 'error' && (
        <ErrorPanel message={errorText(profile.state.error, MESSAGES.loadProfileFailed, { serverText: false })} onRetry={profile.retry} />
      )}
      {profile.state.status === 'ready' && (
        <>
          <div className="mem-grid-2">
            <ChangePasswordForm />
            <ChangeEmailForm currentEmail={profile.state.data.email} />
          </div>
          {/* Issue 32: one custom domain per account. */}
          <CustomDomainCard />
        </>
      )}
      {/* Issue 31: a member's keys; a sub-profile signed in on its own has none to manage. */}
      {profile.state.status === 'ready' && profile.state.data.account === 'member' && <ApiKeysPanel />}
      {profile.state.status === 'ready' && profile.state.data.account === 'member' && <WebhooksPanel />}
      {/* Issue 33: the account's signed-in sessions, then what changed on it. */}
      {profile.state.status === 'ready' && <SessionsPanel />}
      {profile.state.status === 'ready' && <SecurityEvents />}
      {/* Issue 33: the member's own data and the account's deletion; a sub-profile's are its member's. */}
      {profile.state.status === 'ready' && profile.state.data.account === 'member' && <YourDataCard />}
    </div>
  );
}
