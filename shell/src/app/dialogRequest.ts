import { useSyncExternalStore } from 'react';

/** One open request with its id, a React key that tells successive requests apart. */
export type Opened<Request> = Request & { id: number };

/** A dialog that a feature asks something of and awaits (see {@link createDialogRequest}). */
export interface DialogRequest<Request, Answer> {
  /** Opens the dialog with `request` and resolves to the answer; a newer request cancels an open one (its answer: `cancelled`). */
  ask(request: Request): Promise<Answer>;
  /** Closes the open dialog with `answer`; nothing happens when none is open. */
  answer(answer: Answer): void;
  /** Closes the open dialog with the cancelled answer (Escape, or its code could not be fetched). */
  cancel(): void;
  /** The open request, or null. */
  current(): Opened<Request> | null;
  /** The open request, re-rendering when it changes. */
  useCurrent(): Opened<Request> | null;
}

/**
 * The state of a dialog that code awaits, kept outside Redux because it holds the promise's
 * resolver (a function: no place in the store). The folder picker and the conflict dialog
 * work this way: `await ask(…)` opens it, the component reads `useCurrent()` and calls
 * `answer(…)`.
 */
export function createDialogRequest<Request extends object, Answer>(cancelled: Answer): DialogRequest<Request, Answer> {
  let pending: { request: Opened<Request>; resolve(answer: Answer): void } | null = null;
  let nextId = 1;
  const listeners = new Set<() => void>();
  const emit = (): void => {
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  };
  const current = (): Opened<Request> | null => pending?.request ?? null;
  const answer = (value: Answer): void => {
    const open = pending;
    if (open === null) return;
    pending = null;
    emit();
    open.resolve(value);
  };
  return {
    ask(request) {
      pending?.resolve(cancelled);
      return new Promise<Answer>((resolve) => {
        pending = { request: { ...request, id: nextId++ }, resolve };
        emit();
      });
    },
    answer,
    cancel: () => answer(cancelled),
    current,
    useCurrent() {
      return useSyncExternalStore(subscribe, current, () => null);
    },
  };
}
