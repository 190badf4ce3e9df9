import { CLICK_PARAM_INVALID, clickParamOf } from '@rotalink/shared-api/rules';
import { BadRequest } from '../../errors';

/**
 * Issue 30: the link's click-id parameter as stored — null for none (absent, null or blank), or
 * a name that passes the shared rule; anything else is a 400 with the rule's text (decision 0152).
 */
export function storedClickParam(input: string | null | undefined): string | null {
  const value = clickParamOf(input);
  if (value === undefined) throw new BadRequest(CLICK_PARAM_INVALID);
  return value;
}
