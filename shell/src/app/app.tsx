import { BrowserRouter } from 'react-router-dom';
import { Navbar } from '../components/navbar/navbar';
import { AppRoutes, CustomHostRoutes } from './routes';
import { ScrollToTop } from './scroll-to-top';
import { SessionEndedBridge } from './session-ended-bridge';
import { Toasts } from './toasts';

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
      <Toasts />
    </>
  );
}

/** `customHost`: the member's custom domain this page is on (issue 32), or null on the site. */
/**
 * Issue 32: a member's custom domain shows their public page at `/` and nothing of the site (no
 * navbar, no sign-in); `/go` and `/r` are the rotator, which the proxy sends to the API.
 */
export function CustomHostLayout({ host }: { host: string }) {
  return (
    <>
      <main id="rl-main" className="rl-main" tabIndex={-1}>
        <CustomHostRoutes host={host} />
      </main>
      <Toasts />
    </>
  );
}

export function App({ customHost = null }: { customHost?: string | null }) {
  return (
    // react-router 6 with v7's behaviour (state updates in startTransition, splat-relative paths),
    // so pages and e2e tests see what they saw on 7 (build-config/README.md: why 6).
    <BrowserRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }}>
      {customHost ? <CustomHostLayout host={customHost} /> : <ShellLayout />}
    </BrowserRouter>
  );
}
