import { Component, type ReactNode } from 'react';
import { retryFailedLoads } from './retryable-lazy.tsx';

interface RouteErrorBoundaryProps {
  /** What to show instead of the failed part; `retry` imports the failed code again and re-renders. */
  fallback: (retry: () => void) => ReactNode;
  /** A change of this value after a failure tries again on its own (a new toast, a new dialog). */
  resetKey?: unknown;
  children: ReactNode;
}

/**
 * Catches a page (or a dialog, the toasts) that throws or whose code cannot be loaded (the
 * connection dropped, a deploy replaced the chunks), so the rest of the shell stays usable and
 * never turns blank. Keyed by path by its parent, so navigating away resets it.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.retry();
  }

  retry = () => {
    retryFailedLoads();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
