import { Component, lazy, Suspense, useState, type ComponentType, type ErrorInfo, type LazyExoticComponent, type ReactNode } from 'react';
import { remoteOf, type ExposedId } from 'shared/federation';
import { reRegisterRemote } from './remotes';
import { loadRemoteModule } from './loadRemoteModule';
import styles from './RemoteSlot.module.css';

interface BoundaryProps {
  label: string;
  onRetry: () => void;
  children: ReactNode;
  compact: boolean;
}

class RemoteBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[${this.props.label}]`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className={this.props.compact ? styles.compact : styles.fallback}>
        <p className={styles.message}>
          {this.props.compact ? 'Unavailable.' : 'This part of Homestory is not available right now.'}
        </p>
        <button
          type="button"
          className={styles.retry}
          onClick={() => {
            this.setState({ error: null });
            this.props.onRetry();
          }}
        >
          Retry
        </button>
      </div>
    );
  }
}

/**
 * One lazy component per exposed module, kept outside React: a route that suspends inside a
 * transition is rendered again from scratch, and a lazy made during render would start a new
 * load every time. Retry drops the entry so the next render loads afresh.
 */
const lazyModules = new Map<ExposedId, LazyExoticComponent<ComponentType>>();

function lazyRemote(id: ExposedId): LazyExoticComponent<ComponentType> {
  let component = lazyModules.get(id);
  if (!component) {
    component = lazy(async () => ({ default: await loadRemoteModule(id) }));
    lazyModules.set(id, component);
  }
  return component;
}

export interface RemoteSlotProps {
  id: ExposedId;
  /** What shows while the remote loads: a skeleton of the same size, never a blank. */
  loading?: ReactNode;
  /** A small slot (header) gets a compact fallback. */
  compact?: boolean;
}

/**
 * Renders one exposed module of a remote inside its own error boundary and Suspense, so a
 * remote that fails to load or throws degrades only its own slot or route.
 */
export function RemoteSlot({ id, loading, compact = false }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  const Loaded = lazyRemote(id);
  return (
    <RemoteBoundary
      key={attempt}
      label={id}
      compact={compact}
      onRetry={() => {
        lazyModules.delete(id);
        reRegisterRemote(remoteOf(id));
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={loading ?? <div className={styles.loading} aria-busy="true" />}>
        <div className={styles.slot} data-remote={id}>
          <Loaded />
        </div>
      </Suspense>
    </RemoteBoundary>
  );
}
