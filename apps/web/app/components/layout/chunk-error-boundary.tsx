import { Component, type ReactNode } from "react";

interface Props {
  /** Shown when a lazy chunk could not be loaded even after the one automatic reload. */
  fallback: ReactNode;
  children: ReactNode;
}

/** Catches a failed lazy chunk below it so one missing panel never takes the page down. */
export class ChunkErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
