import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ComponentType,
  type ErrorInfo,
  type LazyExoticComponent,
  type ReactNode,
  type RefObject,
} from 'react';
import { remoteOf, type ExposedId } from 'shared/federation';
import { reRegisterRemote } from './remotes';
import { loadRemoteModule, remoteLoading } from './loadRemoteModule';
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
 * load every time. Retry drops the entry so the next render loads afresh. A module already
 * loaded renders at once: the server loads a page's modules before it renders them.
 */
const lazyModules = new Map<ExposedId, LazyExoticComponent<ComponentType>>();
const loadedModules = new Map<ExposedId, ComponentType>();

function lazyRemote(id: ExposedId): LazyExoticComponent<ComponentType> {
  let component = lazyModules.get(id);
  if (!component) {
    component = lazy(() =>
      loadRemoteModule(id).then(
        (module) => {
          loadedModules.set(id, module);
          return { default: module };
        },
        (error: unknown) => {
          if (remoteLoading.forgetFailures) lazyModules.delete(id);
          throw error;
        },
      ),
    );
    lazyModules.set(id, component);
  }
  return component;
}

/** Loads an exposed module ahead of rendering, so its slot renders at once. */
export async function preloadRemoteModule(id: ExposedId): Promise<void> {
  loadedModules.set(id, await loadRemoteModule(id));
}

/** Drops the loaded modules of a remote (the server, when the remote is redeployed). */
export function forgetRemoteModules(name: string): void {
  for (const id of lazyModules.keys()) if (remoteOf(id) === name) lazyModules.delete(id);
  for (const id of loadedModules.keys()) if (remoteOf(id) === name) loadedModules.delete(id);
}

/**
 * Marks its slot `data-hydrated` once the remote's content is live: a server-rendered slot stays
 * inert until its remote's code has loaded in the browser and hydrated it.
 */
function MarkHydrated({ slot }: { slot: RefObject<HTMLDivElement | null> }) {
  useEffect(() => {
    slot.current?.setAttribute('data-hydrated', '');
  }, [slot]);
  return null;
}

export interface RemoteSlotProps {
  id: ExposedId;
  /** What shows while the remote loads: a skeleton of the same size, never a blank. */
  loading?: ReactNode;
  /** A small slot (header) gets a compact fallback. */
  compact?: boolean;
}

/** The slot's content: the remote module, once per mount (a Retry mounts it afresh). */
function SlotContent({ id }: { id: ExposedId }) {
  const slot = useRef<HTMLDivElement>(null);
  // Switching from the lazy wrapper to the loaded module once it has arrived would remount the
  // remote's whole tree (its state, its focus): the component is chosen when the slot mounts.
  const Loaded = useMemo(() => loadedModules.get(id) ?? lazyRemote(id), [id]);
  return (
    <div ref={slot} className={styles.slot} data-remote={id}>
      <Loaded />
      <MarkHydrated slot={slot} />
    </div>
  );
}

/**
 * Renders one exposed module of a remote inside its own error boundary and Suspense, so a
 * remote that fails to load or throws degrades only its own slot or route.
 */
export function RemoteSlot({ id, loading, compact = false }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);
  return (
    <RemoteBoundary
      key={attempt}
      label={id}
      compact={compact}
      onRetry={() => {
        lazyModules.delete(id);
        loadedModules.delete(id);
        reRegisterRemote(remoteOf(id));
        setAttempt((n) => n + 1);
      }}
    >
      <Suspense fallback={loading ?? <div className={styles.loading} aria-busy="true" />}>
        <SlotContent id={id} />
      </Suspense>
    </RemoteBoundary>
  );
}
