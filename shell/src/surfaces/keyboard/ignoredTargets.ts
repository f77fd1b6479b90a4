/** Input types that take typed text (a checkbox or a button does not). */
const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', 'date', 'datetime-local', 'month', 'time', 'week']);

/** Whether keys pressed in `target` are typing: text inputs, text areas, selects, editable content. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.closest('[contenteditable="true"], [contenteditable=""]') !== null) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  return target instanceof HTMLInputElement && TEXT_INPUT_TYPES.has(target.type);
}

/**
 * Whether a dialog is open on the page (the settings dialog, the move or
 * copy picker, the shortcuts help…), or the key was pressed inside a dialog
 * or a menu: the list's shortcuts must not act behind it.
 */
export function isDialogOpen(target: EventTarget | null, doc: Document = document): boolean {
  if (target instanceof Element && target.closest('[role="dialog"], [role="alertdialog"], dialog, [role="menu"]') !== null) return true;
  return doc.querySelector('[role="dialog"][aria-modal="true"], [role="alertdialog"], dialog[open]') !== null;
}

/** Whether a key pressed on `target` would already do something by itself (Enter and Space on buttons, links, checkboxes). */
export function isControlTarget(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('button, a[href], input, select, textarea, summary, [role="button"], [role="menuitem"]') !== null;
}

/** Whether `target` sits in another part of the screen (the navigation, the sidebar) whose keys are its own. */
export function isOutsideList(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('nav, aside, [role="tree"], [role="tablist"]') !== null;
}
