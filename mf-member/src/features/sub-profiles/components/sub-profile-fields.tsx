import { TextAreaField, TextField } from '../../../components/field';
import { MAX_EMAIL, MAX_NAME, MAX_PASSWORD, MAX_PHONE, MAX_TEXT, MIN_PASSWORD } from '@rotalink/shared-api';
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
        <TextField label="First name" required autoComplete="off" maxLength={MAX_NAME} {...bind('first_name')} />
        <TextField label="Last name" required autoComplete="off" maxLength={MAX_NAME} {...bind('last_name')} />
      </div>
      <div className="mem-form__row">
        <TextField label="Phone" type="tel" required autoComplete="off" inputMode="tel" maxLength={MAX_PHONE} {...bind('phone')} />
        <TextField label="Email" note="(optional)" type="email" autoComplete="off" maxLength={MAX_EMAIL} {...bind('email')} />
      </div>
      {mode === 'edit' && (
        <>
          <TextField label="Title" maxLength={MAX_TEXT} {...bind('title')} />
          <TextField label="Slogan" maxLength={MAX_TEXT} {...bind('slogan')} />
          <TextAreaField label="About" maxLength={MAX_TEXT} {...bind('about')} />
        </>
      )}
      <TextField
        label="Password"
        note="(optional)"
        type="password"
        autoComplete="new-password"
        maxLength={MAX_PASSWORD}
        hint={
          mode === 'edit'
            ? `Leave blank to keep the current password. A new one needs at least ${MIN_PASSWORD} characters.`
            : `Only needed if this sub-profile should sign in itself. At least ${MIN_PASSWORD} characters.`
        }
        {...bind('password')}
      />
    </>
  );
}
