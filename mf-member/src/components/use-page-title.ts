import { useEffect } from 'react';

/**
 * The tab's title for this page: 'Dashboard · Rotalink' (issue 13 — tabs, history entries and
 * screen readers name the page, not just the site). Each remote keeps its own copy of this tiny
 * hook so no remote depends on another or on the shell; the page sets it where it renders,
 * because only the page knows data-dependent titles (the visitor page names the profile owner).
 */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Rotalink` : 'Rotalink';
  }, [title]);
}
