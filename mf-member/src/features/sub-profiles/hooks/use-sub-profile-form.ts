import { useState } from 'react';
import { compact, optionalEmail, optionalPassword, optionalText, requiredName, requiredPhone } from '../../../components/validation';

export interface SubProfileValues {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  title: string;
  slogan: string;
  about: string;
  password: string;
}
export type SubProfileErrors = Partial<Record<keyof SubProfileValues, string>>;

export const EMPTY_SUB_PROFILE: SubProfileValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  title: '',
  slogan: '',
  about: '',
  password: '',
};

/**
 * Spec §5: first name, last name and phone are required; email and password are optional, but
 * when given the server wants a valid email and a password of at least 8 characters.
 */
export function validateSubProfile(v: SubProfileValues): SubProfileErrors {
  return compact({
    first_name: requiredName(v.first_name, 'First name'),
    last_name: requiredName(v.last_name, 'Last name'),
    phone: requiredPhone(v.phone),
    email: optionalEmail(v.email),
    password: optionalPassword(v.password),
    title: optionalText(v.title, 'Title'),
    slogan: optionalText(v.slogan, 'Slogan'),
    about: optionalText(v.about, 'About'),
  });
}

/** Form state shared by /addprofile and /editsubprofile; typing is never thrown away on failure. */
export function useSubProfileForm(initial: SubProfileValues | (() => SubProfileValues) = EMPTY_SUB_PROFILE) {
  const [values, setValues] = useState<SubProfileValues>(initial);
  const [errors, setErrors] = useState<SubProfileErrors>({});

  const setField = (field: keyof SubProfileValues, value: string) => {
    setValues((prev) => ({ ...prev, [field]: value }));
    setErrors((prev) => ({ ...prev, [field]: undefined }));
  };

  /** Runs the checks, shows their messages, and answers whether the form may be sent. */
  const check = (): boolean => {
    const found = validateSubProfile(values);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  return { values, setValues, errors, setField, check };
}
