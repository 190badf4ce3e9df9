import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, errorText } from '@rotalink/shared-api';

/** What the last submit said: shown in the form (a success also as a toast). */
export interface FormOutcome<F extends string = string> {
  ok: boolean;
  text: string;
  /** The field a refusal is about: editing it makes the text stale, so it goes. */
  field?: F;
}

/**
 * The account settings forms (issue 13): fields with their own messages, one request at a time,
 * and the server's answer kept in the form after its toast has gone, until it no longer applies:
 * the next submit, or an edit of the field it is about. The two forms differ only in their fields,
 * their checks and their call; this is the rest.
 */
export function useAccountForm<F extends string>(
  empty: Record<F, string>,
  o: {
    /** The fields' messages; an empty object sends the form. */
    check: (values: Record<F, string>) => Partial<Record<F, string>>;
    /** The call; its message is the success text. The fields empty after it. */
    send: (values: Record<F, string>) => Promise<{ message: string }>;
    /** Which field a refusal of `send` is about (by its code or kind, never its text), if any. */
    fieldOf?: (error: unknown) => F | undefined;
  },
) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome<F> | null>(null);

  const set = (field: F, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
    setOutcome((prev) => (prev && !prev.ok && prev.field === field ? null : prev));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    // Before the checks: a submit they stop must not leave the last answer beside their messages.
    setOutcome(null);
    const found = o.check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const answer = await o.send(values);
      setValues(empty);
      setOutcome({ ok: true, text: answer.message });
      toast.success(answer.message);
    } catch (error) {
      const text = errorText(error, MESSAGES.somethingWentWrong);
      // Issue 29: a refusal is said once, in the form beside its fields (a toast said it a second time).
      setOutcome({ ok: false, text, field: o.fieldOf?.(error) });
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, outcome, set, onSubmit };
}
