import { useLayoutEffect, useRef } from 'react';

/** What {@link EntryMount} takes. */
export interface EntryMountProps {
  /**
   * Renders into the element; may return a cleanup. `signal` aborts when the element is taken
   * back (just before the cleanup runs). Keep its identity stable: a new function mounts again.
   */
  mount(el: HTMLElement, signal: AbortSignal): void | (() => void);
  /** Named in the log when the cleanup throws. */
  pluginId: string;
  className?: string;
}

/**
 * Mounts a framework-neutral entry of a plugin (a sidebar tab, a settings
 * section) into an element of its own, and runs its cleanup before mounting
 * again or unmounting. An error thrown while mounting reaches the nearest
 * error boundary (wrap this in `PluginBoundary`); a failing cleanup is logged
 * with the plugin's id and the element is emptied anyway. Mounted again while the keyboard
 * focus was inside (its node was updated), it keeps the focus on the same control, or on the
 * panel around it: a screen-reader or keyboard user is not thrown back to the page's start.
 */
export function EntryMount({ mount, pluginId, className }: EntryMountProps) {
  const ref = useRef<HTMLDivElement>(null);
  // The control that had the keyboard focus when the content was mounted again (the node changed under it).
  const refocus = useRef<FocusKey | null>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (el === null) return undefined;
    const controller = new AbortController();
    const cleanup = mount(el, controller.signal);
    const key = refocus.current;
    refocus.current = null;
    if (key !== null) restoreFocus(el, key);
    return () => {
      const focused = document.activeElement;
      if (focused instanceof HTMLElement && el.contains(focused)) refocus.current = focusKeyOf(el, focused);
      controller.abort();
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

/** How to find a focused control again in content rendered anew: its tag and naming attributes, and which of the matches it was. */
interface FocusKey {
  tag: string;
  attributes: (string | null)[];
  index: number;
}

const NAMING_ATTRIBUTES = ['role', 'type', 'name', 'aria-label'];

function matching(el: HTMLElement, tag: string, attributes: (string | null)[]): HTMLElement[] {
  return Array.from(el.querySelectorAll<HTMLElement>(tag)).filter((candidate) => NAMING_ATTRIBUTES.every((name, i) => candidate.getAttribute(name) === attributes[i]));
}

function focusKeyOf(el: HTMLElement, focused: HTMLElement): FocusKey {
  const tag = focused.tagName.toLowerCase();
  const attributes = NAMING_ATTRIBUTES.map((name) => focused.getAttribute(name));
  return { tag, attributes, index: matching(el, tag, attributes).indexOf(focused) };
}

/**
 * Gives the focus back after the content was mounted again: to the same control when the new
 * content has it, else to the nearest focusable container (a tab panel), never to the page.
 */
function restoreFocus(el: HTMLElement, key: FocusKey): void {
  const matches = matching(el, key.tag, key.attributes);
  const target = matches[key.index] ?? matches[0] ?? el.closest<HTMLElement>('[tabindex]');
  target?.focus();
}
