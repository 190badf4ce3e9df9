import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type LazyExoticComponent,
  type ComponentType,
} from 'react';
import { loadPage, markRemoteFailed, type RemoteModuleId } from './runtime';
import { PageLoading } from './page-loading';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { UnavailablePanel } from './unavailable-panel';
import { UpdatingPanel } from './updating-panel';
import { KernelSkewError } from './kernel-fit';

type PageComponent = ComponentType<Record<string, unknown>>;
type Page = LazyExoticComponent<PageComponent>;

/**
 * One lazy component per exposed module, kept while it works so revisiting a page shows it at
 * once; dropped on failure so the next visit or Retry loads it afresh.
 */
const pages = new Map<RemoteModuleId, Page>();

/** Forgets every loaded page (tests, or a restart with another config). */
export function forgetLoadedPages(): void {
  pages.clear();
}

const RetryContext = createContext<() => void>(() => undefined);

function FailedPage() {
  return <UnavailablePanel onRetry={useContext(RetryContext)} />;
}

function pageFor(id: RemoteModuleId): Page {
  let page = pages.get(id);
  if (!page) {
    page = lazy<PageComponent>(() =>
      loadPage(id).then(
        (component) => ({ default: component }),
        (error: unknown) => {
          pages.delete(id);
          // Issue 26: a remote that needs a newer session kernel is being deployed, not broken.
          if (error instanceof KernelSkewError) return { default: UpdatingPanel };
          console.error(`Rotalink: ${id} is unavailable`, error);
          return { default: FailedPage };
        },
      ),
    );
    pages.set(id, page);
  }
  return page;
}

/** A route's element: loads `id` from its remote when first rendered (DESIGN §2.3). */
export function RemotePage({ id, props }: { id: RemoteModuleId; props?: Record<string, unknown> }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    pages.delete(id);
    markRemoteFailed(id);
    setAttempt((n) => n + 1);
  }, [id]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- attempt is the signal to fetch afresh
  const Page = useMemo(() => pageFor(id), [id, attempt]);
  return (
    <RetryContext.Provider value={retry}>
      <RemoteErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<PageLoading />}>
          <Page {...props} />
        </Suspense>
      </RemoteErrorBoundary>
    </RetryContext.Provider>
  );
}
