// Client-side mirrors of the server's input limits (shared-api contract/common.ts), so the member
// gets a clear message before a round trip. The server stays the judge (DESIGN §6).
export const LIMITS = { name: 100, text: 2000, email: 254, password: { min: 8, max: 256 }, phone: { min: 3, max: 32 } } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[0-9+()\-. ]+$/;

export function requiredName(value: string, label: string): string | undefined {
  if (!value.trim()) return `${label} is required.`;
  if (value.trim().length > LIMITS.name) return `${label} must be at most ${LIMITS.name} characters.`;
  return undefined;
}

export function optionalText(value: string, label: string): string | undefined {
  return value.length > LIMITS.text ? `${label} must be at most ${LIMITS.text} characters.` : undefined;
}

export function requiredPhone(value: string): string | undefined {
  const v = value.trim();
  if (!v) return 'Phone is required.';
  if (!PHONE.test(v) || v.length < LIMITS.phone.min || v.length > LIMITS.phone.max) {
    return 'Enter a phone number: digits, spaces and + ( ) - . only.';
  }
  return undefined;
}

export function optionalEmail(value: string): string | undefined {
  const v = value.trim();
  if (!v) return undefined;
  return EMAIL.test(v) && v.length <= LIMITS.email ? undefined : 'Enter a valid email address, or leave it empty.';
}

export function optionalPassword(value: string): string | undefined {
  if (!value) return undefined;
  if (value.length < LIMITS.password.min) return `The password needs at least ${LIMITS.password.min} characters, or leave it empty.`;
  if (value.length > LIMITS.password.max) return `The password must be at most ${LIMITS.password.max} characters.`;
  return undefined;
}

/** Drops the fields without a message; an empty result means the form is valid. */
export function compact<K extends string>(errors: Record<K, string | undefined>): Partial<Record<K, string>> {
  const out: Partial<Record<K, string>> = {};
  for (const key of Object.keys(errors) as K[]) if (errors[key]) out[key] = errors[key];
  return out;
}
