import { Component, type ReactNode } from 'react';

interface RouteErrorBoundaryProps {
  /** What to show instead of the failed page. */
  fallback: ReactNode;
  children: ReactNode;
}

/**
 * Catches a page that throws or whose code cannot be loaded (a deploy replaced the chunks), so
 * the rest of the shell stays usable. Keyed by path by its parent, so navigating away resets it.
 */
export class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
