import { HANDLE, normaliseHandle, RESERVED_HANDLES } from '@rotalink/shared-api/rules';
import { rectifyConfusion } from 'unicode-confusables';
import { BadRequest } from '../../errors';

export const HANDLE_TOO_SHORT = `A handle needs at least ${HANDLE.min} characters.`;
export const HANDLE_TOO_LONG = `A handle can have at most ${HANDLE.max} characters.`;
export const HANDLE_CHARACTERS =
  'A handle may use only the letters a-z, digits and hyphens, and must start and end with a letter or digit.';
export const HANDLE_RESERVED = 'This handle is reserved. Please choose another.';
export const HANDLE_TAKEN = 'This handle is taken. Please choose another.';
export const HANDLE_LOOKALIKE = 'This handle looks too much like one already in use. Please choose another.';

/**
 * The handle's confusable skeleton (UTS #39 confusables.txt, from the maintained
 * unicode-confusables package), folded to lower case: two handles with the same skeleton look
 * alike to a reader ('g00gle' and 'google', 'rnicrosoft' and 'microsoft', 'paypa1' and 'paypal').
 * Case is folded between rounds because the prototypes are case-sensitive ('0' → 'O'), and the
 * rounds repeat until nothing changes ('m' → 'rn').
 */
export function handleSkeleton(handle: string): string {
  let current = handle.normalize('NFD').toLowerCase();
  for (let i = 0; i < 4; i++) {
    const next = rectifyConfusion(current).normalize('NFD').toLowerCase();
    if (next === current) break;
    current = next;
  }
  return current;
}

const RESERVED = new Set(RESERVED_HANDLES);
const RESERVED_SKELETONS = new Set(RESERVED_HANDLES.map(handleSkeleton));

/** The handle as stored, or a 400 saying which rule it breaks (issue 32). Reserved look-alikes count as reserved. */
export function checkHandleShape(input: string): { handle: string; skeleton: string } {
  const handle = normaliseHandle(input);
  if (handle.length < HANDLE.min) throw new BadRequest(HANDLE_TOO_SHORT);
  if (handle.length > HANDLE.max) throw new BadRequest(HANDLE_TOO_LONG);
  if (!HANDLE.pattern.test(handle)) throw new BadRequest(HANDLE_CHARACTERS);
  const skeleton = handleSkeleton(handle);
  if (RESERVED.has(handle) || RESERVED_SKELETONS.has(skeleton)) throw new BadRequest(HANDLE_RESERVED);
  return { handle, skeleton };
}

/** Whether an address segment could be a handle at all (the resolvers skip a lookup otherwise). */
export const couldBeHandle = (segment: string): boolean =>
  segment.length >= HANDLE.min && segment.length <= HANDLE.max && HANDLE.pattern.test(segment.toLowerCase());
