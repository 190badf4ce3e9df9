/**
 * Where to go after signing in (issue 29): the page that sent the person to /login — the shell's
 * guard and its session-ended handler put it in the navigation state as `from`, and so does
 * Subscribe while signed out. Only a path of this site is followed (never `//other.site`), and
 * never the sign-in pages themselves.
 */
export function returnPathFrom(state: unknown): string | null {
  const { from } = ((typeof state === 'object' && state) || {}) as { from?: unknown };
  if (typeof from !== 'string' || !from.startsWith('/') || from.startsWith('//') || from.startsWith('/\\')) return null;
  if (/^\/(login|signup)(\/|\?|$)/.test(from)) return null;
  return from;
}

/** The landing page's address that resumes a Subscribe begun while signed out. */
export const SUBSCRIBE_INTENT = { name: 'subscribe', value: '1' } as const;
export const SUBSCRIBE_PATH = `/?${SUBSCRIBE_INTENT.name}=${SUBSCRIBE_INTENT.value}`;
