import { EMAIL_PATTERN } from '@rotalink/shared-api';

/** A pragmatic email check (shared-api's EMAIL_PATTERN) on the trimmed value; the server validates for real. */
export const isValidEmail = (value: string) => EMAIL_PATTERN.test(value.trim());
