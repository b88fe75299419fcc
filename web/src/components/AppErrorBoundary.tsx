import { Component, type ErrorInfo, type ReactNode } from "react";
import { isChunkLoadError } from "../app/lazyWithTimeout.ts";
import { ErrorView } from "./ErrorView.tsx";

interface State {
  error: unknown;
  hasError: boolean;
}

/** Last line of defence: any render error outside the router's own boundary shows the error page. */
export class AppErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Unexpected error", error, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.hasError)
      return <ErrorView error={this.state.error} isChunkError={isChunkLoadError(this.state.error)} />;
    return this.props.children;
  }
}
