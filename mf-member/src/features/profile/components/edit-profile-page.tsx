import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { MAX_NAME, MAX_TEXT } from '@rotalink/shared-api';
import { TextAreaField, TextField } from '../../../components/field';
import { ErrorPanel, Loading } from '../../../components/page-state';
import { loadFailureText, useEditProfile } from '../hooks/use-edit-profile';
import { usePageTitle } from '../../../components/use-page-title';

/** /editprofile — the member edits the profile their public page shows (spec §2, §8). */
export function EditProfilePage() {
  const { load, values, errors, saving, setField, save } = useEditProfile();
  usePageTitle('Edit profile');

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void save();
  };

  let body;
  if (load.state.status === 'loading' && !values) body = <Loading label="Loading your profile…" />;
  else if (load.state.status === 'error' || !values) body = <ErrorPanel message={loadFailureText(load.state.error)} onRetry={load.retry} />;
  else {
    body = (
      <form className="mem-card mem-form" onSubmit={onSubmit} noValidate aria-label="Profile">
        <div className="mem-form__row">
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            required
            maxLength={MAX_NAME}
            value={values.first_name}
            error={errors.first_name}
            onChange={(e) => setField('first_name', e.target.value)}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            required
            maxLength={MAX_NAME}
            value={values.last_name}
            error={errors.last_name}
            onChange={(e) => setField('last_name', e.target.value)}
          />
        </div>
        <TextField
          label="Title"
          name="title"
          hint="Shown above your name on your public page."
          maxLength={MAX_TEXT}
          value={values.title}
          error={errors.title}
          onChange={(e) => setField('title', e.target.value)}
        />
        <TextField
          label="Slogan"
          name="slogan"
          maxLength={MAX_TEXT}
          value={values.slogan}
          error={errors.slogan}
          onChange={(e) => setField('slogan', e.target.value)}
        />
        <TextAreaField
          label="About"
          name="about"
          maxLength={MAX_TEXT}
          value={values.about}
          error={errors.about}
          onChange={(e) => setField('about', e.target.value)}
        />
        <div className="mem-actions">
          <button type="submit" className="mem-btn" disabled={saving}>
            {saving ? 'Saving…' : 'Save profile'}
          </button>
          <Link className="mem-btn mem-btn--secondary" to="/user">
            Back to dashboard
          </Link>
        </div>
      </form>
    );
  }

  return (
    <div className="mem-page">
      <header>
        <h1>Edit profile</h1>
        <p className="mem-subtitle">Your name, title, slogan and about text appear on your public page.</p>
      </header>
      {body}
    </div>
  );
}
