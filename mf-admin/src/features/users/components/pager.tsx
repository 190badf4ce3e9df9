interface PagerProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Previous / next through the pages of the user list. */
export function Pager({ page, pageCount, onPage }: PagerProps) {
  if (pageCount <= 1) return null;
  return (
    <nav className="adm-pager" aria-label="Pages of users">
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
