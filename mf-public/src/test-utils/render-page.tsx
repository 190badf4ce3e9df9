import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TIMINGS } from '@rotalink/shared-api';

/** Shows where navigation landed, as a heading a test can find. */
function Landed() {
  const location = useLocation();
  return <h1>Landed on {location.pathname}</h1>;
}

/**
 * Renders one page as the shell would: inside a router (at `url`) with the one ToastContainer.
 * `strict` wraps the tree in StrictMode; `state` is the navigation state the page arrives with (as
 * the shell's redirects pass it). Any other path renders "Landed on <path>", so tests can assert navigation.
 */
export function renderPage(
  page: ReactElement,
  {
    path,
    url = path,
    fakeTimers = false,
    strict = false,
    state,
  }: { path: string; url?: string; fakeTimers?: boolean; strict?: boolean; state?: unknown },
) {
  const at = new URL(url, 'http://localhost');
  const entry = state === undefined ? url : { pathname: at.pathname, search: at.search, state };
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  const tree = (
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }} initialEntries={[entry]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Landed />} />
      </Routes>
      <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} />
    </MemoryRouter>
  );
  // StrictMode at the root, as in the shell's dev build: React then mounts effects twice.
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { user, ...view };
}
