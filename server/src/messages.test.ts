import { LINK_URL_PATTERN as CLIENT_PATTERN, MESSAGES } from '@rotalink/shared-api';
import { LINK_URL_PATTERN, TEXT } from './messages';

describe('server texts', () => {
  it('equal the shared catalogue the browser shows (spec §8)', () => {
    expect(TEXT).toEqual({
      tokenMissing: MESSAGES.tokenMissing,
      jwtExpired: MESSAGES.jwtExpired,
      invalidSignature: MESSAGES.invalidSignature,
      completePreviousFirst: MESSAGES.completePreviousFirst,
      invalidLinkUrl: MESSAGES.invalidLinkUrl,
    });
  });

  it('the link URL rule is the one the browser checks', () => {
    expect(LINK_URL_PATTERN.source).toBe(CLIENT_PATTERN.source);
  });
});
