import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { errorText, MAX_EMAIL, MAX_NAME, MAX_PASSWORD, MESSAGES, MIN_PASSWORD, signup } from '@rotalink/shared-api';
import { AuthCard } from '../../../components/auth-card';
import { FormAlert } from '../../../components/form-alert';
import { FormField } from '../../../components/form-field';
import { PasswordField } from '../../../components/password-field';
import { SubmitButton } from '../../../components/submit-button';
import { isValidEmail } from '../../../components/validation';
import { returnPathFrom } from '../../../components/return-to';

type Field = 'firstName' | 'lastName' | 'email' | 'password';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

const PASSWORD_HINT = `At least ${MIN_PASSWORD} characters.`;

/** Spec §5: first name, last name, a valid email and a password are required. */
function validate(values: Values): Errors {
  const errors: Errors = {};
  if (!values.firstName.trim()) errors.firstName = 'First name is required.';
  if (!values.lastName.trim()) errors.lastName = 'Last name is required.';
  if (!values.email.trim()) errors.email = 'Email is required.';
  else if (!isValidEmail(values.email)) errors.email = 'Enter a valid email address.';
  if (!values.password) errors.password = 'Password is required.';
  else if (values.password.length < MIN_PASSWORD) errors.password = `Password must be at least ${MIN_PASSWORD} characters.`;
  return errors;
}

/** /signup — success: the server's message, then /login; failure texts of spec §8. */
export function SignupPage() {
  const navigate = useNavigate();
  // Issue 29: an intent (Subscribe, a guarded page) survives the detour through sign-up.
  const from = returnPathFrom(useLocation().state);
  const [values, setValues] = useState<Values>({ firstName: '', lastName: '', email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (field: Field) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const next = validate(values);
    setErrors(next);
    setFailure(null);
    if (Object.keys(next).length > 0) return;

    setBusy(true);
    try {
      const answer = await signup({
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        email: values.email.trim(),
        password: values.password,
      });
      // The message must outlive this page, so it is a toast shown over /login.
      toast.success(answer?.message || 'Account created. Please sign in.');
      // The new member signs in next: the address they just typed is filled in for them.
      navigate('/login', { state: { email: values.email.trim(), ...(from ? { from } : {}) } });
    } catch (error) {
      setFailure(errorText(error, MESSAGES.signupFailed, { network: MESSAGES.signupNetwork }));
      setBusy(false);
    }
  }

  return (
    <AuthCard
      title="Create your account"
      pageTitle="Sign up"
      lead="Sign up, pick the lifetime plan and get your own link rotator page."
      footer={
        <span className="pub-muted">
          Already have an account?{' '}
          <Link className="pub-link" to="/login" state={from ? { from } : undefined}>
            Sign in
          </Link>
        </span>
      }
    >
      <form className="pub-form" onSubmit={onSubmit} noValidate aria-label="Sign up">
        {failure && <FormAlert kind="error">{failure}</FormAlert>}
        <FormField
          label="First name"
          name="firstName"
          autoComplete="given-name"
          required
          maxLength={MAX_NAME}
          value={values.firstName}
          error={errors.firstName}
          onChange={set('firstName')}
        />
        <FormField
          label="Last name"
          name="lastName"
          autoComplete="family-name"
          required
          maxLength={MAX_NAME}
          value={values.lastName}
          error={errors.lastName}
          onChange={set('lastName')}
        />
        <FormField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          inputMode="email"
          required
          maxLength={MAX_EMAIL}
          value={values.email}
          error={errors.email}
          onChange={set('email')}
        />
        <PasswordField
          label="Password"
          name="password"
          autoComplete="new-password"
          required
          maxLength={MAX_PASSWORD}
          hint={PASSWORD_HINT}
          value={values.password}
          error={errors.password}
          onChange={set('password')}
        />
        <SubmitButton busy={busy} busyLabel="Creating account…">
          Sign up
        </SubmitButton>
      </form>
    </AuthCard>
  );
}
