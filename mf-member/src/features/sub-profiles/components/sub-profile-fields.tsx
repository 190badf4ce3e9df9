import { TextAreaField, TextField } from '../../../components/field';
import { LIMITS } from '../../../components/validation';
import type { SubProfileErrors, SubProfileValues } from '../hooks/use-sub-profile-form';

interface Props {
  values: SubProfileValues;
  errors: SubProfileErrors;
  setField: (field: keyof SubProfileValues, value: string) => void;
  /** The edit page also offers the public-page texts and says a blank password keeps the old one. */
  mode: 'create' | 'edit';
}

/** The sub-profile inputs both sub-profile pages share. */
export function SubProfileFields({ values, errors, setField, mode }: Props) {
  const bind = (field: keyof SubProfileValues) => ({
    name: field,
    value: values[field],
    error: errors[field],
    onChange: (e: { target: { value: string } }) => setField(field, e.target.value),
  });
  return (
    <>
      <div className="mem-form__row">
        <TextField label="First name" required autoComplete="off" maxLength={LIMITS.name} {...bind('first_name')} />
        <TextField label="Last name" required autoComplete="off" maxLength={LIMITS.name} {...bind('last_name')} />
      </div>
      <div className="mem-form__row">
        <TextField label="Phone" type="tel" required autoComplete="off" inputMode="tel" maxLength={LIMITS.phone.max} {...bind('phone')} />
        <TextField label="Email" note="(optional)" type="email" autoComplete="off" maxLength={LIMITS.email} {...bind('email')} />
      </div>
      {mode === 'edit' && (
        <>
          <TextField label="Title" maxLength={LIMITS.text} {...bind('title')} />
          <TextField label="Slogan" maxLength={LIMITS.text} {...bind('slogan')} />
          <TextAreaField label="About" maxLength={LIMITS.text} {...bind('about')} />
        </>
      )}
      <TextField
        label="Password"
        note="(optional)"
        type="password"
        autoComplete="new-password"
        maxLength={LIMITS.password.max}
        hint={
          mode === 'edit'
            ? 'Leave blank to keep the current password. A new one needs at least 8 characters.'
            : 'Only needed if this sub-profile should sign in itself. At least 8 characters.'
        }
        {...bind('password')}
      />
    </>
  );
}
