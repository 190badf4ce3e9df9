import { CLICK_PARAM_MAX, clickParamOf, LINK_URL_PATTERN } from './index';

describe('clickParamOf (issue 30, decision 0152)', () => {
  it.each(['subid', 's2', 'aff_sub', 'sub_id', 'aff_sub2', 's[1]', 'utm.term', 'click-id', 'a'.repeat(CLICK_PARAM_MAX)])(
    'keeps %s',
    (name) => expect(clickParamOf(name)).toBe(name),
  );
  it('trims, and reads blank as none', () => {
    expect(clickParamOf('  subid ')).toBe('subid');
    for (const none of ['', '   ', null, undefined]) expect(clickParamOf(none)).toBeNull();
  });
  it.each(['sub id', '2s', '_x', 'a&b', 'a=b', 'a#b', 'a/b', 'ä', 'a'.repeat(CLICK_PARAM_MAX + 1), 'a\u0000'])('refuses %j', (name) =>
    expect(clickParamOf(name)).toBeUndefined(),
  );
  it('a link URL with the macros passes the link rule (they are replaced when the visitor is sent on)', () => {
    expect(LINK_URL_PATTERN.test('https://o.example.com/?s={click_id}&l={link_id}&p={profile_id}&src={source}')).toBe(true);
  });
});
