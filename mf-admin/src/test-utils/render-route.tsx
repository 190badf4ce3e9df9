import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation, type MemoryRouterProps } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TIMINGS } from '@rotalink/shared-api';

/** Stands in for any other page: shows where navigation landed, and the user passed as state. */
function Landed() {
  const location = useLocation();
  const user = (location.state as { user?: { email?: string } } | null)?.user;
  return (
    <div>
      <p>Landed on {location.pathname + location.search}</p>
      {user && <p>State user: {user.email}</p>}
    </div>
  );
}

// react-router 6 does not export its InitialEntry type by name; this is the same type.
type InitialEntry = NonNullable<MemoryRouterProps['initialEntries']>[number];

/** Renders `page` at `path` inside a MemoryRouter, with the shell's ToastContainer beside it. */
export function renderRoute(page: ReactElement, path: string, entry: InitialEntry = path) {
  const user = userEvent.setup();
  const utils = render(
    <>
      <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }} initialEntries={[entry]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={<Landed />} />
        </Routes>
      </MemoryRouter>
      <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} />
    </>,
  );
  return { user, ...utils };
}
