/**
 * Runs asynchronous asks one after another, in the order they were made: a dialog that
 * code awaits shows one request at a time, and a newer request would cancel the open one
 * (`createDialogRequest`). The upload engine may ask while an answer is pending (two folder
 * levels, an invalid name and a conflict); each waits its turn instead. A failed ask does
 * not stop the ones after it.
 */
export function oneAtATime(): <T>(ask: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(ask: () => Promise<T>): Promise<T> => {
    const turn = last.then(() => ask());
    last = turn.catch(() => undefined);
    return turn;
  };
}
