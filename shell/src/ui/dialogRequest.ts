import { useSyncExternalStore } from 'react';

/** One open request with its id, a React key that tells successive requests apart. */
export type Opened<Request> = Request & { id: number };

/** A dialog that a feature asks something of and awaits (see {@link createDialogRequest}). */
export interface DialogRequest<Request, Answer> {
  /**
   * Opens the dialog with `request` and resolves to the answer; a newer request cancels an
   * open one (its answer: `cancelled`). When `signal` aborts (the operation that asked was
   * cancelled elsewhere), the dialog closes with `cancelled`; an aborted signal never opens it.
   */
  ask(request: Request, signal?: AbortSignal): Promise<Answer>;
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
    ask(request, signal) {
      if (signal?.aborted === true) return Promise.resolve(cancelled);
      pending?.resolve(cancelled);
      return new Promise<Answer>((resolve) => {
        const opened = { request: { ...request, id: nextId++ }, resolve };
        pending = opened;
        emit();
        signal?.addEventListener(
          'abort',
          () => {
            if (pending === opened) answer(cancelled);
          },
          { once: true },
        );
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
