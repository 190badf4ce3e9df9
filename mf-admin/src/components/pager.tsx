interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
  /** What the pages are of (the navigation's accessible name). */
  label?: string;
}

/** Previous / next through the pages of a list (the users, the activity). */
export function Pager({ page, pageCount, onPage, label = 'Pages of users' }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="adm-pager" aria-label={label}>
      <button type="button" className="adm-btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="adm-muted">
        Page {page} of {pageCount}
      </span>
      <button type="button" className="adm-btn" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
