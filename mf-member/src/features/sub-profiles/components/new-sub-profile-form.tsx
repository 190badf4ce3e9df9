import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { MESSAGES, createSubProfile, errorText } from '@rotalink/shared-api';
import { useSubProfileForm } from '../hooks/use-sub-profile-form';
import { SubProfileFields } from './sub-profile-fields';

/** The form of /addprofile: create a sub-profile; a failure shows the server's message (spec §8). */
export function NewSubProfileForm() {
  const navigate = useNavigate();
  const { values, errors, setField, check } = useSubProfileForm();
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
