import { MAX_PAGE, placeFrom } from './list-place';

test('the address gives the page and the search as the list reads them', () => {
  expect(placeFrom('?q=%20Ada%20&page=3')).toEqual({ q: 'Ada', page: 3 });
  expect(placeFrom('?page=0')).toEqual({ q: '', page: 1 });
  expect(placeFrom('?page=abc')).toEqual({ q: '', page: 1 });
  expect(placeFrom('')).toEqual({ q: '', page: 1 });
});

test('an address asking for more than the API takes is read within its limits, not sent to be refused', () => {
  expect(placeFrom(`?q=${'x'.repeat(300)}`).q).toBe('x'.repeat(254));
  expect(placeFrom(`?q=${'x'.repeat(253)}%20y`).q).toBe('x'.repeat(253)); // cut, then trimmed
  expect(placeFrom('?page=99999999999999999999').page).toBe(MAX_PAGE);
  expect(placeFrom('?page=1e400').page).toBe(MAX_PAGE); // Infinity
});
