import { useState, type FormEvent } from 'react';
import { toast } from 'react-toastify';
import { MESSAGES, errorText } from '@rotalink/shared-api';

/** What the last submit said: shown in the form, and as a toast. */
export interface FormOutcome {
  ok: boolean;
  text: string;
}

/**
 * The account settings forms (issue 13): fields with their own messages, one request at a time,
 * and the server's answer kept in the form after its toast has gone. The two forms differ only
 * in their fields, their checks and their call; this is the rest.
 */
export function useAccountForm<F extends string>(
  empty: Record<F, string>,
  o: {
    /** The fields' messages; an empty object sends the form. */
    check: (values: Record<F, string>) => Partial<Record<F, string>>;
    /** The call; its message is the success text. The fields empty after it. */
    send: (values: Record<F, string>) => Promise<{ message: string }>;
  },
) {
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<F, string>>>({});
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<FormOutcome | null>(null);

  const set = (field: F, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = o.check(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    setOutcome(null);
    try {
      const answer = await o.send(values);
      setValues(empty);
      setOutcome({ ok: true, text: answer.message });
      toast.success(answer.message);
    } catch (error) {
      const text = errorText(error, MESSAGES.somethingWentWrong);
      setOutcome({ ok: false, text });
      toast.error(text);
    } finally {
      setBusy(false);
    }
  };

  return { values, errors, busy, outcome, set, onSubmit };
}
