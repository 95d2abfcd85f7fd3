import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  children: ReactNode;
  /** What shows instead, in the words of its screen (the studio desk's); the site's own message by default. */
  fallback?: ReactNode;
}

interface State {
  error: Error | null;
}

/** Every island renders inside this: an unexpected failure shows a message, never a blank area. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <div role="alert" className="mx-auto my-8 max-w-xl rounded-lg border border-plum/30 bg-linen p-6 text-ink">
        <h2 className="font-display text-2xl text-plum-deep">Unexpected Application Error!</h2>
        <p className="mt-2 font-mono text-sm break-words">{error.message}</p>
      </div>
    );
  }
}

/** Wraps an island component in the shared error boundary. */
export function withErrorBoundary<P extends object>(Inner: (props: P) => ReactNode) {
  function Guarded(props: P) {
    return (
      <ErrorBoundary>
        <Inner {...props} />
      </ErrorBoundary>
    );
  }
  Guarded.displayName = `Guarded(${Inner.name || 'Island'})`;
  return Guarded;
}
