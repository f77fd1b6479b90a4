import { useLayoutEffect, useRef } from 'react';

/** What {@link EntryMount} takes. */
export interface EntryMountProps {
  /** Renders into the element; may return a cleanup. Keep its identity stable: a new function mounts again. */
  mount(el: HTMLElement): void | (() => void);
  /** Named in the log when the cleanup throws. */
  pluginId: string;
  className?: string;
}

/**
 * Mounts a framework-neutral entry of a plugin (a sidebar tab, a settings
 * section) into an element of its own, and runs its cleanup before mounting
 * again or unmounting. An error thrown while mounting reaches the nearest
 * error boundary (wrap this in `PluginBoundary`); a failing cleanup is logged
 * with the plugin's id and the element is emptied anyway.
 */
export function EntryMount({ mount, pluginId, className }: EntryMountProps) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return undefined;
    const cleanup = mount(el);
    return () => {
      try {
        if (typeof cleanup === 'function') cleanup();
      } catch (error) {
        console.error(`Plugin "${pluginId}" failed to clean up`, error);
      }
      el.replaceChildren();
    };
  }, [mount, pluginId]);
  return <div ref={ref} className={className} />;
}
