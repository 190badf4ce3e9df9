import { StrictMode, type ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';

/** Shows where navigation landed, as a heading a test can find. */
function Landed() {
  const location = useLocation();
  return <h1>Landed on {location.pathname}</h1>;
}

/**
 * Renders one page as the shell would: inside a router (at `url`) with the one ToastContainer.
 * `strict` wraps the tree in StrictMode. Any other path renders "Landed on <path>", so tests can assert navigation.
 */
export function renderPage(
  page: ReactElement,
  { path, url = path, fakeTimers = false, strict = false }: { path: string; url?: string; fakeTimers?: boolean; strict?: boolean },
) {
  const user = userEvent.setup(fakeTimers ? { advanceTimers: jest.advanceTimersByTime } : {});
  const tree = (
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }} initialEntries={[url]}>
      <Routes>
        <Route path={path} element={page} />
        <Route path="*" element={<Landed />} />
      </Routes>
      <ToastContainer position="top-right" autoClose={5000} />
    </MemoryRouter>
  );
  // StrictMode at the root, as in the shell's dev build: React then mounts effects twice.
  const view = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { user, ...view };
}
