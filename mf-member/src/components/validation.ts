// Client-side mirrors of the server's input rules (shared-api's /rules, which the contract's
// schemas use too), so the member gets a clear message before a round trip. The server stays the
// judge (DESIGN §6).
import {
  EMAIL_PATTERN,
  MAX_EMAIL,
  MAX_NAME,
  MAX_PASSWORD,
  MAX_PHONE,
  MAX_TEXT,
  MIN_PASSWORD,
  MIN_PHONE,
  PHONE_PATTERN,
} from '@rotalink/shared-api';

export function requiredName(value: string, label: string): string | undefined {
  if (!value.trim()) return `${label} is required.`;
  if (value.trim().length > MAX_NAME) return `${label} must be at most ${MAX_NAME} characters.`;
  return undefined;
}

export function optionalText(value: string, label: string): string | undefined {
  return value.length > MAX_TEXT ? `${label} must be at most ${MAX_TEXT} characters.` : undefined;
}

export function requiredPhone(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Phone is required.';
  if (!PHONE_PATTERN.test(v) || v.length < MIN_PHONE || v.length > MAX_PHONE) {
    return 'Enter a phone number: digits, spaces and + ( ) - . only.';
  }
  return undefined;
}

export function optionalEmail(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  return EMAIL_PATTERN.test(v) && v.length <= MAX_EMAIL ? undefined : 'Enter a valid email address, or leave it empty.';
}

export function optionalPassword(value: string): string | undefined {
  if (!value) return undefined;
  if (value.length < MIN_PASSWORD) return `The password needs at least ${MIN_PASSWORD} characters, or leave it empty.`;
  if (value.length > MAX_PASSWORD) return `The password must be at most ${MAX_PASSWORD} characters.`;
  return undefined;
}

/** Drops the fields without a message; an empty result means the form is valid. */
export function compact<K extends string>(errors: Record<K, string | undefined>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(errors) as K[]) if (errors[key]) out[key] = errors[key];
  return out;
}
