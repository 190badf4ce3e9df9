// Renders a member page the way the shell does: inside one router with one ToastContainer,
// plus a stand-in for every route the page may send the member to.
import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TIMINGS } from '@rotalink/shared-api';

function WhereAmI() {
  const location = useLocation();
  return <p data-testid="location">{`${location.pathname}${location.search}`}</p>;
}

export function renderPage(element: ReactElement, { path, url }: { path: string; url: string }) {
  return render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }} initialEntries={[url]}>
      <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} />
      <Routes>
        <Route path={path} element={element} />
        <Route path="*" element={<WhereAmI />} />
      </Routes>
    </MemoryRouter>,
  );
}
