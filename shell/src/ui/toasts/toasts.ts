import { createExternalStore } from '../externalStore';

/**
 * Toasts: short notices about what just happened (an action succeeded, a
 * request failed). They carry no app state, so they live in a tiny external
 * store outside Redux that thunks, listeners and components can all reach.
 */

/** The kind of a toast; errors are announced assertively and stay longer. */
export type ToastType = 'success' | 'error' | 'info' | 'warning';

/** What callers pass to {@link showToast}. */
export interface ToastInput {
  /** The kind of notice. */
  type: ToastType;
  /** The already translated message. */
  message: string;
  /** Milliseconds before it goes away by itself; 0 or less keeps it until dismissed. */
  timeout?: number;
}

/** A toast on screen. */
export interface Toast {
  /** Unique id, for React keys and dismissal. */
  id: number;
  /** The kind of notice. */
  type: ToastType;
  /** The message shown. */
  message: string;
  /** The effective timeout in milliseconds (0: stays until dismissed). */
  timeout: number;
}

/** Default time on screen for success, info and warning toasts. */
export const TOAST_TIMEOUT_MS = 7000;
/** Errors stay longer: people need time to read what went wrong. */
export const ERROR_TOAST_TIMEOUT_MS = 12000;
/** At most this many toasts are shown; the oldest goes first. */
export const MAX_TOASTS = 5;

const shown = createExternalStore<readonly Toast[]>([]);
let nextId = 1;
const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Shows a toast; safe to call from anywhere (thunks, listeners, components). */
export function showToast(toast: ToastInput): void {
  const timeout = toast.timeout ?? (toast.type === 'error' ? ERROR_TOAST_TIMEOUT_MS : TOAST_TIMEOUT_MS);
  const entry: Toast = { id: nextId++, type: toast.type, message: toast.message, timeout };
  const toasts = shown.get();
  const kept = toasts.length >= MAX_TOASTS ? toasts.slice(toasts.length - MAX_TOASTS + 1) : toasts;
  for (const old of toasts) if (!kept.includes(old)) clearTimer(old.id);
  if (timeout > 0) timers.set(entry.id, setTimeout(() => dismissToast(entry.id), timeout));
  shown.set([...kept, entry]);
}

function clearTimer(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
}

/** Removes the toast with `id` (no-op when it is already gone). */
export function dismissToast(id: number): void {
  clearTimer(id);
  const next = shown.get().filter((toast) => toast.id !== id);
  if (next.length === shown.get().length) return;
  shown.set(next);
}

/** Removes every toast (tests, sign-out). */
export function clearToasts(): void {
  for (const id of timers.keys()) clearTimer(id);
  if (shown.get().length === 0) return;
  shown.set([]);
}

/** The toasts on screen, oldest first; the same array until something changes. */
export function getToasts(): readonly Toast[] {
  return shown.get();
}

/** Calls `listener` whenever the toasts change; returns the unsubscribe function. */
export function subscribeToasts(listener: () => void): () => void {
  return shown.subscribe(listener);
}
