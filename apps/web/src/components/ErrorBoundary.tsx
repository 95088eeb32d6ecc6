import type { ErrorInfo, ReactNode } from 'react';
import { Component } from 'react';
import { SomethingWentWrong } from './StatusPages';

interface State {
  error: unknown;
}

/** Catches render errors below it and shows 'Something went wrong.' (the error is logged). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Assent: a view failed to render', error, info.componentStack);
  }

  override render() {
    if (this.state.error) {
      return <SomethingWentWrong onRetry={() => this.setState({ error: null })} />;
    }
    return this.props.children;
  }
}
