/**
 * What an upload decision request may carry besides the engine's fields: the signal of the
 * batch or folder level that asks. When it aborts (the upload was cancelled elsewhere:
 * 'Cancel uploads', another dialog's 'Cancel the entire operation'), an open dialog closes
 * and a queued one never opens. The engine's request types do not have it yet; the hooks
 * read it when it is there.
 */
export interface AbortableDecision {
  readonly signal?: AbortSignal;
}
