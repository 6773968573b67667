import { Component, type ReactNode } from 'react';
import { isChunkLoadError, reloadOnce, serverAnswers, waitForServer } from './chunk-recovery';

interface Props {
  /** Loads the part again (a lazyWithPreload's `preload`): called once the server answers. */
  retry: () => Promise<unknown>;
  /** Shown while the part's chunk cannot be loaded and the server is being waited for. */
  reconnecting: ReactNode;
  /** Shown for an error that is not a failed chunk, or when a reload did not help. Default: nothing. */
  failed?: (error: unknown) => ReactNode;
  /** A change (e.g. another page) forgets the last failure. */
  resetKey?: string;
  children: ReactNode;
}

interface State {
  error: unknown;
  phase: 'ok' | 'reconnecting' | 'failed';
  resetKey: string | undefined;
}

/**
 * The error boundary around every lazily loaded part: a chunk that cannot be loaded never unmounts the app. The part
 * shows `reconnecting` until the server answers, then loads again by itself; if the server answers but the chunk
 * still fails (a new deploy renamed it), the page reloads once (docs/decisions/038).
 */
export class LazyBoundary extends Component<Props, State> {
  state: State = { error: null, phase: 'ok', resetKey: this.props.resetKey };
  private recovery: AbortController | undefined;

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error ?? new Error('Unknown error'), phase: isChunkLoadError(error) ? 'reconnecting' : 'failed' };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { error: null, phase: 'ok', resetKey: props.resetKey };
    return null;
  }

  componentDidCatch(error: unknown) {
    if (!isChunkLoadError(error)) {
      console.error(error);
      return;
    }
    void this.recover();
  }

  componentDidUpdate(previous: Props) {
    if (previous.resetKey !== this.props.resetKey) this.recovery?.abort();
  }

  componentWillUnmount() {
    this.recovery?.abort();
  }

  private async recover() {
    this.recovery?.abort();
    const recovery = (this.recovery = new AbortController());
    await waitForServer(recovery.signal);
    if (recovery.signal.aborted) return;
    try {
      await this.props.retry();
      if (!recovery.signal.aborted) this.setState({ error: null, phase: 'ok' });
    } catch {
      if (recovery.signal.aborted) return;
      // Gone again in between: wait once more.
      if (!(await serverAnswers())) return void this.recover();
      // The server answers, yet the chunk does not load: a new deploy (or a failure the browser remembers).
      if (!reloadOnce()) this.setState({ phase: 'failed' });
    }
  }

  render() {
    if (this.state.phase === 'reconnecting') return this.props.reconnecting;
    if (this.state.phase === 'failed') return this.props.failed?.(this.state.error) ?? null;
    return this.props.children;
  }
}
