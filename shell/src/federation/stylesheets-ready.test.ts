import { stylesheetsReady } from './stylesheets-ready';

function addStylesheet(): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = '/static/css/page.css';
  document.head.appendChild(link);
  return link;
}

afterEach(() => {
  document.head.innerHTML = '';
  jest.useRealTimers();
});

it('resolves at once when no stylesheet is loading', async () => {
  await expect(stylesheetsReady()).resolves.toBeUndefined();
});

it("waits for a remote page's stylesheet that is still on the wire, so the page never paints unstyled", async () => {
  const link = addStylesheet();
  let ready = false;
  const waiting = stylesheetsReady(document, 10_000).then(() => (ready = true));
  await Promise.resolve();
  expect(ready).toBe(false);
  link.dispatchEvent(new Event('load'));
  await waiting;
  expect(ready).toBe(true);
});

it('a stylesheet that fails does not hold the page back, now or on the next page', async () => {
  const link = addStylesheet();
  const waiting = stylesheetsReady(document, 10_000);
  link.dispatchEvent(new Event('error'));
  await expect(waiting).resolves.toBeUndefined();
  jest.useFakeTimers();
  let again = false;
  void stylesheetsReady(document, 10_000).then(() => (again = true));
  await Promise.resolve();
  expect(again).toBe(true);
});

it('gives up waiting after the cap, and does not wait for that sheet again', async () => {
  jest.useFakeTimers();
  addStylesheet();
  let ready = false;
  void stylesheetsReady(document, 3000).then(() => (ready = true));
  await jest.advanceTimersByTimeAsync(2999);
  expect(ready).toBe(false);
  await jest.advanceTimersByTimeAsync(1);
  expect(ready).toBe(true);
  let again = false;
  void stylesheetsReady(document, 3000).then(() => (again = true));
  await Promise.resolve();
  expect(again).toBe(true);
});
