import { Component, Suspense, lazy } from 'react';
import type { ComponentType, ErrorInfo, LazyExoticComponent, ReactNode } from 'react';
import { useT } from './ServicesContext';

/**
 * A component whose code is a chunk of its own, fetched the first time it
 * renders: for the parts the first screen does not show (dialogs, menus, the
 * sidebar), so they stay out of the shell's initial JavaScript. `load`
 * returns the component from a dynamic `import()`.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => ({ default: await load() }));
}

interface BoundaryProps {
  onFailure?: () => void;
  children: ReactNode;
}

/** A chunk that could not be fetched: logged, nothing shown, the caller told. */
class LoadBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Could not load part of the Files screen', error, info.componentStack);
    this.props.onFailure?.();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * Where a `lazyComponent` renders: a small spinner named 'Loading' while its
 * chunk arrives. The spinner takes no focus, so the component finds focus
 * where the user left it and moves it as it always did. `onFailure` runs
 * when the chunk cannot be fetched (a pending request must not wait for ever).
 */
export function OnDemand({ onFailure, children }: BoundaryProps) {
  const t = useT();
  return (
    <LoadBoundary onFailure={onFailure}>
      <Suspense fallback={<span className="files-spinner files-on-demand" role="progressbar" aria-label={t('Loading')} />}>{children}</Suspense>
    </LoadBoundary>
  );
}
