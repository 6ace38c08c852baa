import { Button, Result } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { logError } from './errorLog';
import { isChunkLoadError, NewVersionNotice } from './NewVersionNotice';

export type ErrorBoundaryProps = { children: ReactNode; title: string; retryText: string };
type State = { error: Error | null };

/**
 * Keeps a broken screen from blanking the shell, and records the error (production). A screen whose
 * code no longer loads (a new version was deployed) offers a reload instead.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    logError(
      error,
      info.componentStack
        ?.split('\n')
        .find((l) => l.trim())
        ?.trim(),
      info.componentStack ?? undefined,
    );
  }

  override render() {
    if (!this.state.error) return this.props.children;
    if (isChunkLoadError(this.state.error)) return <NewVersionNotice />;
    return (
      <Result
        status="error"
        title={this.props.title}
        subTitle={this.state.error.message}
        extra={
          <Button type="primary" onClick={() => this.setState({ error: null })}>
            {this.props.retryText}
          </Button>
        }
      />
    );
  }
}
