import type { FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { MESSAGES, useToken } from '@rotalink/shared-api';
import { NotYourProfile } from '../../../components/not-your-profile';
import { ProfileGone } from '../../../components/profile-gone';
import { BackToDashboard } from '../../../components/page-frame';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { addLinksPath } from '../../../components/public-link';
import { useEditSubProfile } from '../hooks/use-edit-sub-profile';
import { SubProfileFields } from './sub-profile-fields';
import { usePageTitle } from '../../../components/use-page-title';

function LoginLink() {
  return (
    <Link className="mem-btn" to="/login">
      Go to login
    </Link>
  );
}

export const OWN_PROFILE = 'This is your own profile, not a sub-profile.';

/** /editsubprofile?userId= — edit one of the member's sub-profiles (spec §2, §5, §8). */
export function EditSubProfilePage() {
  const [params] = useSearchParams();
  const userId = params.get('userId') ?? '';
  const token = useToken();
  const { load, loadError, form, saving, failure, save } = useEditSubProfile(userId);
  usePageTitle('Edit sub-profile');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  let body;
  if (!token) {
    body = (
      <ErrorPanel message={MESSAGES.unauthorizedLogin}>
        <LoginLink />
      </ErrorPanel>
    );
  } else if (!userId) {
    body = (
      <ErrorPanel message="No sub-profile was chosen.">
        <Link className="mem-btn mem-btn--secondary" to="/user">
          Choose one on your dashboard
        </Link>
      </ErrorPanel>
    );
  } else if (load.state.status === 'loading') {
    body = <Loading label="Loading the sub-profile…" />;
  } else if (loadError?.kind === 'sign-in') {
    body = (
      <ErrorPanel message={MESSAGES.unauthorizedLogin}>
        <LoginLink />
      </ErrorPanel>
    );
  } else if (loadError?.kind === 'not-yours') {
    body = <NotYourProfile />;
  } else if (loadError?.kind === 'gone') {
    body = <ProfileGone />;
  } else if (loadError?.kind === 'own') {
    body = (
      <ErrorPanel message={OWN_PROFILE}>
        <Link className="mem-btn" to="/editprofile">
          Edit profile
        </Link>
      </ErrorPanel>
    );
  } else if (loadError) {
    body = (
      <ErrorPanel message={loadError.text} onRetry={load.retry}>
        <BackToDashboard />
      </ErrorPanel>
    );
  } else {
    body = (
      <form className="mem-card mem-form" onSubmit={onSubmit} noValidate aria-label="Sub-profile">
        {failure && (
          <div className="mem-alert">
            {failure.text}
            {failure.detail && <div>{failure.detail}</div>}
          </div>
        )}
        <SubProfileFields values={form.values} errors={form.errors} setField={form.setField} mode="edit" />
        <div className="mem-actions">
          <button type="submit" className="mem-btn" disabled={saving}>
            {saving ? 'Saving…' : 'Save changes'}
          </button>
          <Link className="mem-btn mem-btn--secondary" to={addLinksPath(userId)}>
            Manage links
          </Link>
          <Link className="mem-btn mem-btn--secondary" to="/user">
            Cancel
          </Link>
        </div>
      </form>
    );
  }

  return (
    <div className="mem-page">
      <header>
        <h1>Edit sub-profile</h1>
        {load.state.status === 'ready' && (
          <p className="mem-subtitle">{`${load.state.data.first_name} ${load.state.data.last_name}`.trim()}</p>
        )}
      </header>
      {body}
    </div>
  );
}
