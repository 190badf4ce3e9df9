import { BackToDashboard } from '../../../components/page-frame';
import { Loading } from '../../../components/page-state';
import { isSubProfileAccount, useMyProfile } from '../../../components/use-my-profile';
import { usePageTitle } from '../../../components/use-page-title';
import { NewSubProfileForm } from './new-sub-profile-form';

/**
 * /addprofile — create a sub-profile. A sub-profile signed in on its own is told up front that it
 * cannot have sub-profiles, instead of filling the form in for a refusal (the dashboard hides its
 * sub-profiles section for the same reason).
 */
export function AddProfilePage() {
  usePageTitle('Add a sub-profile');
  const me = useMyProfile();
  const signedInAsSubProfile = me.state.status === 'ready' && isSubProfileAccount(me.state.data);
  // Also when the account could not be read: the form still works for a member, and the server
  // stays the judge for a sub-profile.
  const showForm = me.state.status !== 'loading' && !signedInAsSubProfile;

  return (
    <div className="mem-page">
      <header>
        <h1>Add a sub-profile</h1>
        {showForm && <p className="mem-subtitle">A sub-profile has its own public page and its own links, under your plan.</p>}
      </header>
      {me.state.status === 'loading' && <Loading label="Loading your account…" />}
      {signedInAsSubProfile && <NoSubProfilesHere />}
      {showForm && <NewSubProfileForm />}
    </div>
  );
}

function NoSubProfilesHere() {
  return (
    <div className="mem-notice" role="status">
      <p style={{ margin: 0 }}>A sub-profile cannot have sub-profiles of its own.</p>
      <p style={{ margin: 0 }}>You are signed in as a sub-profile; the member account that created it can add more.</p>
      <BackToDashboard />
    </div>
  );
}
