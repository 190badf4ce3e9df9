import { BrowserRouter } from 'react-router-dom';
import { ToastContainer } from 'react-toastify';
import { TIMINGS } from '@rotalink/shared-api';
import { Navbar } from '../components/navbar/navbar';
import { AppRoutes } from './routes';
import { ScrollToTop } from './scroll-to-top';
import { SessionEndedBridge } from './session-ended-bridge';

/** The frame of every page: the ONE router, navbar, toast container and session handler. */
export function ShellLayout() {
  return (
    <>
      <SessionEndedBridge />
      <ScrollToTop />
      <a className="rl-skip-link" href="#rl-main">
        Skip to content
      </a>
      <Navbar />
      <main id="rl-main" className="rl-main" tabIndex={-1}>
        <AppRoutes />
      </main>
      {/* spec §9: toasts top-right, 5000 ms; placed below the navbar (global.css, .rl-toasts) */}
      <ToastContainer position="top-right" autoClose={TIMINGS.toastAutoCloseMs} className="rl-toasts" />
    </>
  );
}

export function App() {
  return (
    // react-router 6 with v7's behaviour (state updates in startTransition, splat-relative paths),
    // so pages and e2e tests see what they saw on 7 (build-config/README.md: why 6).
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      <ShellLayout />
    </BrowserRouter>
  );
}
