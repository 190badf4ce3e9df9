import { destinationUrl } from './destination';

describe('destinationUrl (issue 30)', () => {
  const facts = { clickId: 'AZ_-09abcdefghijklmnop', linkId: 'L1', profileId: 'P 1', source: 'rotator' as const };

  it('replaces every macro, URL-encoded, wherever it stands', () => {
    expect(destinationUrl('https://o.example/x?s={click_id}&l={link_id}&p={profile_id}&src={source}#{click_id}', facts)).toBe(
      'https://o.example/x?s=AZ_-09abcdefghijklmnop&l=L1&p=P%201&src=rotator#AZ_-09abcdefghijklmnop',
    );
  });

  it('appends the click id as the named parameter, replacing one already there', () => {
    expect(destinationUrl('https://o.example/offer?a=1', { ...facts, clickParam: 'aff_sub' })).toBe(
      'https://o.example/offer?a=1&aff_sub=AZ_-09abcdefghijklmnop',
    );
    expect(destinationUrl('https://o.example/offer?subid=old&b=2', { ...facts, clickParam: 'subid' })).toBe(
      'https://o.example/offer?subid=AZ_-09abcdefghijklmnop&b=2',
    );
  });

  it('leaves a URL without macros or parameter byte for byte, and unknown braces alone', () => {
    expect(destinationUrl('https://o.example/ä?q={other}', facts)).toBe('https://o.example/ä?q={other}');
  });
});
