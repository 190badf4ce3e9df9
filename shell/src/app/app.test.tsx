import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import * as toastify from 'react-toastify';
import { toast } from 'react-toastify';
import { ADMIN_KEY, ApiError, MESSAGES, TOKEN_KEY, getProfile, tokenStore } from '@rotalink/shared-api';
import { ShellLayout } from './app';
import { startFederation } from '../federation/runtime';
import { forgetLoadedPages } from '../federation/remote-page';
import { down, loaded } from '../test-support/remote-stub';
import { watchToastLibrary } from '../federation/toasts-wanted';

jest.mock('@module-federation/enhanced/runtime', () => ({
  init: jest.fn(),
  registerGlobalPlugins: jest.fn(),
  registerRemotes: jest.fn(),
  loadRemote: jest.fn((id: string) => jest.requireActual('../test-support/remote-stub').fakeLoadRemote(id)),
}));

const REMOTES = {
  mf_public: 'http://localhost:3001/mf-manifest.json',
  mf_member: 'http://localhost:3002/mf-manifest.json',
  mf_admin: 'http://localhost:3003/mf-manifest.json',
};

beforeEach(() => {
  tokenStore.clear();
  sessionStorage.clear();
  down.clear();
  loaded.length = 0;
  forgetLoadedPages();
  startFederation(REMOTES);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderAt(path: string) {
  return render(
    <MemoryRouter future={{ v7_startTransition: true, v7_relativeSplatPath: true }} initialEntries={[path]}>
      <ShellLayout />
    </MemoryRouter>,
  );
}
const nav = () => within(screen.getByRole('navigation', { name: 'Main' }));

describe('routes', () => {
  it.each([
    ['/', 'mf_public/Landing'],
    ['/login', 'mf_public/Login'],
    ['/signup', 'mf_public/Signup'],
    ['/forgotpassword', 'mf_public/ForgotPassword'],
    ['/resetpassword?token=abc', 'mf_public/ResetPassword'],
    ['/payment-success?session_id=cs_1', 'mf_public/PaymentSuccess'],
    ['/profile?userId=u1', 'mf_public/PublicProfile'],
    ['/admin', 'mf_admin/AdminLogin'],
  ])('%s is public and shows %s', async (path, module) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: module })).toBeInTheDocument();
    expect(screen.getByText(`at ${path}`)).toBeInTheDocument();
  });

  it.each([
    ['/terms', 'terms'],
    ['/privacy', 'privacy'],
    ['/refundpolicy', 'refund'],
  ])('%s shows the legal page %s', async (path, page) => {
    renderAt(path);
    expect(await screen.findByText(`legal page: ${page}`)).toBeInTheDocument();
  });

  it.each([
    '/user',
    '/editprofile',
    '/addprofile',
    '/editsubprofile?userId=s1',
    '/Addlinks?userId=u1',
    '/admin_dashboard',
    '/user-details',
  ])('%s without a token lands on /login', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { name: 'mf_public/Login' })).toBeInTheDocument();
    expect(screen.getByText('at /login')).toBeInTheDocument();
    expect(loaded.filter((id) => !id.startsWith('mf_public/'))).toEqual([]);
  });

  it.each([
    ['/user', 'mf_member/Dashboard'],
    ['/editprofile', 'mf_member/EditProfile'],
    ['/addprofile', 'mf_member/AddProfile'],
    ['/editsubprofile?userId=s1', 'mf_member/EditSubProfile'],
    ['/Addlinks?userId=u1', 'mf_member/AddLinks'],
    ['/admin_dashboard', 'mf_admin/AdminDashboard'],
    ['/user-details', 'mf_admin/UserDetails'],
  ])('%s with a token shows %s', async (path, module) => {
    tokenStore.setSession('tok');
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: module })).toBeInTheDocument();
    expect(screen.getByText(`at ${path}`)).toBeInTheDocument();
  });

  it('an unknown path goes to /', async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'mf_public/Landing' })).toBeInTheDocument();
    expect(screen.getByText('at /')).toBeInTheDocument();
  });

  it('loads only the module of the visited route', async () => {
    renderAt('/profile?userId=u1');
    await screen.findByRole('heading', { name: 'mf_public/PublicProfile' });
    expect(loaded).toEqual(['mf_public/PublicProfile']);
  });
});

describe('navbar', () => {
  it('without a token offers Sign up and Sign In only', async () => {
    renderAt('/');
    await screen.findByRole('heading', { name: 'mf_public/Landing' });
    expect(nav().getByRole('link', { name: 'Rotalink' })).toHaveAttribute('href', '/');
    expect(nav().getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
    expect(nav().getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(nav().queryByRole('link', { name: 'User Panel' })).not.toBeInTheDocument();
    expect(nav().queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('with a token offers Home, User Panel and Logout', async () => {
    tokenStore.setSession('tok');
    renderAt('/');
    await screen.findByRole('heading', { name: 'mf_public/Landing' });
    expect(nav().getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(nav().getByRole('link', { name: 'User Panel' })).toHaveAttribute('href', '/user');
    expect(nav().getByRole('button', { name: 'Logout' })).toBeInTheDocument();
    expect(nav().queryByRole('link', { name: 'Sign up' })).not.toBeInTheDocument();
  });

  it("an admin's User Panel is the admin dashboard", async () => {
    tokenStore.setSession('tok', { admin: true });
    renderAt('/');
    await userEvent.click(await nav().findByRole('link', { name: 'User Panel' }));
    expect(await screen.findByRole('heading', { name: 'mf_admin/AdminDashboard' })).toBeInTheDocument();
  });

  it('Logout clears the token and the admin flag and goes to /login', async () => {
    tokenStore.setSession('tok', { admin: true });
    renderAt('/user');
    await screen.findByRole('heading', { name: 'mf_member/Dashboard' });
    await userEvent.click(nav().getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { name: 'mf_public/Login' })).toBeInTheDocument();
    expect(tokenStore.getToken()).toBeNull();
    expect(localStorage.getItem(ADMIN_KEY)).toBeNull();
    expect(nav().getByRole('link', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('the Menu button opens and closes the folded links on a phone', async () => {
    renderAt('/');
    const menu = nav().getByRole('button', { name: 'Menu' });
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(nav().getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'mf_public/Signup' })).toBeInTheDocument();
    expect(menu).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('navbar: Escape closes the phone menu', () => {
  it('Escape folds the menu back, sets aria-expanded false and returns the focus to the Menu button', async () => {
    tokenStore.setSession('tok');
    renderAt('/');
    const menu = nav().getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    expect(menu).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab(); // into the unfolded links
    expect(nav().getByRole('link', { name: 'Home' })).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('rl-nav-links')).not.toHaveClass('is-open');
    expect(menu).toHaveFocus();
  });

  it('Escape right after opening (the focus still on Menu) closes it too', async () => {
    renderAt('/');
    const menu = nav().getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(menu).toHaveFocus();
  });

  it('Escape pressed elsewhere on the page closes the menu but leaves the focus where it is', async () => {
    renderAt('/');
    const menu = nav().getByRole('button', { name: 'Menu' });
    await userEvent.click(menu);
    const skip = screen.getByRole('link', { name: 'Skip to content' });
    skip.focus();
    await userEvent.keyboard('{Escape}');
    expect(menu).toHaveAttribute('aria-expanded', 'false');
    expect(skip).toHaveFocus();
  });
});

describe('page frame', () => {
  it('a new page opens at the top', async () => {
    const scrollTo = jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    tokenStore.setSession('tok');
    renderAt('/user');
    await screen.findByRole('heading', { name: 'mf_member/Dashboard' });
    scrollTo.mockClear();
    await userEvent.click(nav().getByRole('link', { name: 'Home' }));
    await screen.findByRole('heading', { name: 'mf_public/Landing' });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });

  it('offers a skip link to the page content', async () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveAttribute('href', '#rl-main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'rl-main');
  });
});

describe('toasts', () => {
  it("no toast library until a page loads it; then one top-right container shows the page's toast", async () => {
    const { container } = renderAt('/');
    await screen.findByRole('heading', { name: 'mf_public/Landing' });
    expect(container.querySelector('.Toastify__toast-container')).toBeNull();
    // A remote's page imports react-toastify: the federation runtime hands it the shared module
    // (decision 0092), and the page toasts before the shell's container is up.
    act(() => {
      watchToastLibrary().afterLoadShare?.({ pkgName: 'react-toastify', selectedShared: { lib: () => toastify } } as never);
      toast.success('Profile updated');
    });
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(container.querySelectorAll('.Toastify__toast-container')).toHaveLength(1);
    expect(container.querySelector('.Toastify__toast-container--top-right')).not.toBeNull();
    // global.css places .rl-toasts below the navbar (issue 13); the e2e suite measures it at 360 px.
    expect(container.querySelector('.Toastify__toast-container')).toHaveClass('rl-toasts');
  });

  it('the navbar publishes its height, so toasts open below it even when it grows (phone menu)', async () => {
    let height = 57;
    jest.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(function (this: HTMLElement) {
      return { height: this.classList.contains('rl-navbar') ? height : 0 } as DOMRect;
    });
    renderAt('/');
    await screen.findByRole('heading', { name: 'mf_public/Landing' });
    expect(document.documentElement.style.getPropertyValue('--rl-navbar-height')).toBe('57px');
    height = 233; // the menu unfolded: in a browser the ResizeObserver reports it; here a re-measure on open
    await userEvent.click(nav().getByRole('button', { name: 'Menu' }));
    expect(document.documentElement.style.getPropertyValue('--rl-navbar-height')).toBe('233px');
  });
});

/** Every API call of the page gets this answer (the session kernel's transport is fetch). */
function answerEveryCall(status: number, body: unknown) {
  jest.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(JSON.stringify(body), { status }));
}

describe('session end', () => {
  it("a call answered with the code 'session-ended' sends the page to /login with the token cleared", async () => {
    tokenStore.setSession('expired');
    answerEveryCall(401, { error: MESSAGES.jwtExpired, code: 'session-ended' });
    renderAt('/user');
    await screen.findByRole('heading', { name: 'mf_member/Dashboard' });
    await act(async () => {
      await expect(getProfile()).rejects.toBeInstanceOf(ApiError);
    });
    expect(await screen.findByRole('heading', { name: 'mf_public/Login' })).toBeInTheDocument();
    expect(tokenStore.getToken()).toBeNull();
    // The sign-in page is told why, whichever redirect lands last (the guard's or the handler's).
    expect(await screen.findByText('reason: session-ended')).toBeInTheDocument();
    expect(screen.queryByText(/ended session: the administrator's/)).not.toBeInTheDocument();
  });

  it("an administrator's ended session tells the sign-in page it was the administrator's (its flag is gone by then)", async () => {
    localStorage.setItem(TOKEN_KEY, 'garbage'); // as the testers left it: isAdmin=true and a bad token
    localStorage.setItem(ADMIN_KEY, 'true');
    answerEveryCall(401, { error: MESSAGES.invalidSignature, code: 'session-ended' });
    renderAt('/admin_dashboard');
    await screen.findByRole('heading', { name: 'mf_admin/AdminDashboard' });
    await act(async () => {
      await expect(getProfile()).rejects.toBeInstanceOf(ApiError);
    });
    expect(await screen.findByRole('heading', { name: 'mf_public/Login' })).toBeInTheDocument();
    expect(await screen.findByText('reason: session-ended')).toBeInTheDocument();
    expect(screen.getByText("ended session: the administrator's")).toBeInTheDocument();
    expect(localStorage.getItem(ADMIN_KEY)).toBeNull();
  });

  it("the guard's own redirect (when it lands after the handler's) says the administrator's session ended too", async () => {
    tokenStore.setSession('tok', { admin: true });
    renderAt('/user-details');
    await screen.findByRole('heading', { name: 'mf_admin/UserDetails' });
    act(() => tokenStore.endSession()); // no handler call: only the guard sees the token go
    expect(await screen.findByRole('heading', { name: 'mf_public/Login' })).toBeInTheDocument();
    expect(screen.getByText('reason: session-ended')).toBeInTheDocument();
    expect(screen.getByText("ended session: the administrator's")).toBeInTheDocument();
  });

  it('a session that ends on a public page also lands on /login with the reason', async () => {
    tokenStore.setSession('forged');
    answerEveryCall(401, { error: MESSAGES.invalidSignature, code: 'session-ended' });
    renderAt('/');
    await screen.findByRole('heading', { name: 'mf_public/Landing' });
    await act(async () => {
      await expect(getProfile()).rejects.toBeInstanceOf(ApiError);
    });
    expect(await screen.findByRole('heading', { name: 'mf_public/Login' })).toBeInTheDocument();
    expect(screen.getByText('reason: session-ended')).toBeInTheDocument();
  });

  it('Logout, a guard redirect after signing in again, or another tab signing out give no such reason', async () => {
    tokenStore.setSession('expired');
    answerEveryCall(401, { error: MESSAGES.jwtExpired, code: 'session-ended' });
    renderAt('/user');
    await screen.findByRole('heading', { name: 'mf_member/Dashboard' });
    await act(async () => {
      await expect(getProfile()).rejects.toBeInstanceOf(ApiError);
    });
    await screen.findByText('reason: session-ended');
    // Signed in again, then signed out from another tab: the guard redirects without a reason.
    act(() => tokenStore.setSession('fresh'));
    await userEvent.click(nav().getByRole('link', { name: 'User Panel' }));
    await screen.findByRole('heading', { name: 'mf_member/Dashboard' });
    act(() => {
      localStorage.removeItem(TOKEN_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: 'fresh', newValue: null }));
    });
    expect(await screen.findByRole('heading', { name: 'mf_public/Login' })).toBeInTheDocument();
    expect(screen.queryByText(/^reason:/)).not.toBeInTheDocument();
  });

  it('a sign-out in another tab sends a guarded page to /login', async () => {
    tokenStore.setSession('tok');
    renderAt('/editprofile');
    await screen.findByRole('heading', { name: 'mf_member/EditProfile' });
    act(() => {
      localStorage.removeItem(TOKEN_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY, oldValue: 'tok', newValue: null }));
    });
    expect(await screen.findByRole('heading', { name: 'mf_public/Login' })).toBeInTheDocument();
  });
});
