import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { SomethingWentWrong } from './StatusPages';

/**
 * Whether an error is a page chunk that failed to load (a deploy replaced the hashed files the
 * open page still points at, or the network dropped): the messages of Chromium, Firefox and
 * Safari for a failed dynamic import, and Vite's preload failure.
 */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

interface Props {
  children: ReactNode;
  /** Reloads the page (a failed chunk can only be fetched again by a new page). @default location.reload */
  reload?: () => void;
}

interface State {
  error: unknown;
}

/**
 * Catches render errors below it and shows 'Something went wrong.' (the error is logged). Its
 * 'Try again' renders again, or reloads the page when a page chunk failed to load: a lazy page
 * keeps its failed import, so only a new page can fetch the chunk again.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Assent: a view failed to render', error, info.componentStack);
  }

  private retry = () => {
    if (isChunkLoadError(this.state.error)) {
      (this.props.reload ?? (() => window.location.reload()))();
      return;
    }
    this.setState({ error: null });
  };

  override render() {
    if (this.state.error) return <SomethingWentWrong onRetry={this.retry} />;
    return this.props.children;
  }
}
