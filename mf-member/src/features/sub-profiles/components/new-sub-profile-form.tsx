import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { MESSAGES, createSubProfile, errorText } from '@rotalink/shared-api';
import { EMPTY_SUB_PROFILE, useSubProfileForm } from '../hooks/use-sub-profile-form';
import { startFromDraft, useFormDraft } from '../../../components/use-form-draft';
import { SubProfileFields } from './sub-profile-fields';

const DRAFT_KEY = 'new-sub-profile';
const NOT_KEPT = ['password'] as const;

/** The form of /addprofile: create a sub-profile; a failure shows the server's message (spec §8). */
export function NewSubProfileForm() {
  const navigate = useNavigate();
  // Issue 29: what was typed (never the password) outlives a session that ended before Create.
  const { values, errors, setField, check } = useSubProfileForm(() => startFromDraft(DRAFT_KEY, EMPTY_SUB_PROFILE, NOT_KEPT));
  const draft = useFormDraft(DRAFT_KEY, values, EMPTY_SUB_PROFILE, NOT_KEPT);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving || !check()) return;
    setSaving(true);
    setFailure(null);
    try {
      const result = await createSubProfile({
        firstName: values.first_name.trim(),
        lastName: values.last_name.trim(),
        email: values.email.trim(),
        phone: values.phone.trim(),
        password: values.password,
      });
      draft.clear();
      toast.success(result.message || 'Sub-profile created.');
      navigate('/user');
    } catch (error) {
      const text = errorText(error, MESSAGES.somethingWentWrong);
      setFailure(text);
      toast.error(text);
      setSaving(false);
    }
  };

  return (
    <form className="mem-card mem-form" onSubmit={onSubmit} noValidate aria-label="New sub-profile">
      {failure && <div className="mem-alert">{failure}</div>}
      <SubProfileFields values={values} errors={errors} setField={setField} mode="create" />
      <div className="mem-actions">
        <button type="submit" className="mem-btn" disabled={saving}>
          {saving ? 'Creating…' : 'Create sub-profile'}
        </button>
        <Link className="mem-btn mem-btn--secondary" to="/user">
          Cancel
        </Link>
      </div>
    </form>
  );
}
