import { useCallback, useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { tokenStore, useIsAdmin, useToken } from '@rotalink/shared-api';
import { useEscapeToClose } from './use-escape-to-close';
import { useOutsidePressToClose } from './use-outside-press-to-close';
import './navbar.css';

/**
 * Spec §2: with a token — Home, User Panel, Logout; without — Sign up, Sign In. On a phone the
 * links fold behind a Menu button so nothing scrolls sideways at 360 px.
 */
export function Navbar() {
  const token = useToken();
  const isAdmin = useIsAdmin();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const header = useRef<HTMLElement>(null);
  const menuButton = useRef<HTMLButtonElement>(null);
  const closeMenu = useCallback(() => setOpen(false), []);

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEscapeToClose(open, closeMenu, header, menuButton);
  useOutsidePressToClose(open, closeMenu, header);
  useNavbarHeight(header, open);

  const logout = () => {
    tokenStore.clear(); // removes the token and the admin flag
    navigate('/login');
  };

  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? 'rl-nav-link is-active' : 'rl-nav-link');

  return (
    <header className="rl-navbar" ref={header}>
      <nav className="rl-navbar-inner" aria-label="Main">
        <Link to="/" className="rl-brand">
          Rotalink
        </Link>
        <button
          ref={menuButton}
          type="button"
          className="rl-menu-toggle"
          aria-expanded={open}
          aria-controls="rl-nav-links"
          onClick={() => setOpen((v) => !v)}
        >
          Menu
        </button>
        <ul id="rl-nav-links" className={open ? 'rl-nav-links is-open' : 'rl-nav-links'}>
          {token ? (
            <>
              <li>
                <NavLink to="/" end className={linkClass}>
                  Home
                </NavLink>
              </li>
              <li>
                {/* An admin has no member dashboard: their panel is the user list. */}
                <NavLink to={isAdmin ? '/admin_dashboard' : '/user'} className={linkClass}>
                  User Panel
                </NavLink>
              </li>
              <li>
                <button type="button" className="rl-nav-link rl-nav-button" onClick={logout}>
                  Logout
                </button>
              </li>
            </>
          ) : (
            <>
              <li>
                <NavLink to="/signup" className={linkClass}>
                  Sign up
                </NavLink>
              </li>
              <li>
                <NavLink to="/login" className={({ isActive }) => `${linkClass({ isActive })} rl-nav-cta`}>
                  Sign In
                </NavLink>
              </li>
            </>
          )}
        </ul>
      </nav>
    </header>
  );
}

/**
 * Publishes the navbar's real height as --rl-navbar-height, so toasts open just below it (issue
 * 13) however tall it is: one row on a desktop, taller on a phone while the menu is unfolded.
 */
function useNavbarHeight(header: RefObject<HTMLElement>, menuOpen: boolean) {
  useLayoutEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const publish = () => {
      const height = Math.ceil(element.getBoundingClientRect().height);
      if (height > 0) root.style.setProperty('--rl-navbar-height', `${height}px`);
    };
    publish();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    return () => observer.disconnect();
    // menuOpen: measure again when the menu folds out or in (also where ResizeObserver is missing).
  }, [header, menuOpen]);
}
