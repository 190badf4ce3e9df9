import { Component, type ReactNode } from 'react';
import { UnavailablePanel } from './unavailable-panel';

interface Props {
  onRetry: () => void;
  children: ReactNode;
}

/** Catches a remote page that loads but throws while rendering (a broken deployment). */
export class RemoteErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('Rotalink: a page failed while rendering', error);
  }

  override render() {
    if (this.state.failed) return <UnavailablePanel onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}
