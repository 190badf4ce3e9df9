import { etagMatches } from './conditional';

it('If-None-Match: exact, weak on either side, a list, or *', () => {
  expect(etagMatches('W/"abc"', 'W/"abc"')).toBe(true);
  expect(etagMatches('"abc"', 'W/"abc"')).toBe(true);
  expect(etagMatches('W/"abc"', '"abc"')).toBe(true);
  expect(etagMatches('"x", W/"abc"', 'W/"abc"')).toBe(true);
  expect(etagMatches(' "x" ,"abc" ', '"abc"')).toBe(true);
  expect(etagMatches('*', 'W/"abc"')).toBe(true);
  expect(etagMatches('"x", *', '"abc"')).toBe(true);
  expect(etagMatches('W/"abd"', 'W/"abc"')).toBe(false);
  expect(etagMatches('"abc', '"abc"')).toBe(false);
  expect(etagMatches('', '"abc"')).toBe(false);
  expect(etagMatches(undefined, 'W/"abc"')).toBe(false);
});
