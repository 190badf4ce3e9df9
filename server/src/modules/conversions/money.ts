import cc from 'currency-codes';

/**
 * Money in conversions (issue 30): ISO 4217 codes with their minor-unit digits from the
 * maintained `currency-codes` table (USD 2, JPY 0, KWD 3), stored as integers of the minor unit
 * so sums are exact on both engines. Precious metals, test and fund codes (XAU, XTS, XXX…) are
 * not money a network pays in.
 */
export const MAX_AMOUNT = 1_000_000_000;

const CODES = new Map(cc.data.filter((c) => !c.countries.every((name) => /^Zz/.test(name))).map((c) => [c.code, c.digits] as const));

/** The currencies a profile or a postback may use, sorted. */
export const CURRENCIES: readonly string[] = [...CODES.keys()].sort();

export const isCurrency = (code: string): boolean => CODES.has(code);
export const digitsOf = (code: string): number => CODES.get(code) ?? 2;

export type AmountCheck = { ok: true; minor: number } | { ok: false; message: string };

/** A postback's amount ('12.5', 12.5, '0') in minor units of `currency`, or why it is refused. */
export function parseAmount(input: unknown, currency: string): AmountCheck {
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : 'NaN') : String(input).trim();
  if (/^-/.test(text)) return { ok: false, message: 'amount must not be negative.' };
  const m = /^(\d{1,12})(?:\.(\d+))?$/.exec(text);
  if (!m) return { ok: false, message: 'amount must be a number such as 12.50.' };
  const digits = digitsOf(currency);
  const fraction = m[2] ?? '';
  if (fraction.replace(/0+$/, '').length > digits)
    return { ok: false, message: `amount has more than ${digits} decimals for ${currency}.` };
  const whole = Number(m[1]);
  if (whole > MAX_AMOUNT || (whole === MAX_AMOUNT && /[1-9]/.test(fraction)))
    return { ok: false, message: `amount must not be over ${MAX_AMOUNT.toLocaleString('en')}.` };
  const minor = whole * 10 ** digits + Number(fraction.padEnd(digits, '0').slice(0, digits) || '0');
  return { ok: true, minor };
}

/** Minor units as the decimal text of the currency ('1250' USD → '12.50', '-300' JPY → '-300'). */
export function formatMinor(minor: number, currency: string, digits = digitsOf(currency)): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(Math.round(minor));
  if (digits === 0) return `${sign}${abs}`;
  const text = String(abs).padStart(digits + 1, '0');
  return `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}
