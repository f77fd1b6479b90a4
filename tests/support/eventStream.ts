/** One Server-Sent Event: its id when it has one, its type and its data. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

/** A reader of a Server-Sent Events answer (the change feed): the events parsed so far, waited for. */
export interface EventStream {
  /** The typed events (with an `event:` field) so far, in order; comments and untyped blocks are left out. */
  readonly events: StreamEvent[];
  /** Waits until `count` events have come, and returns them all. */
  waitFor(count: number, timeoutMs?: number): Promise<StreamEvent[]>;
  /** Waits until `check` holds of the events so far; the error names `what` and the events. */
  until(check: (events: readonly StreamEvent[]) => boolean, what: string, timeoutMs?: number): Promise<void>;
  /** Stops reading (the server sees the client go away). */
  close(): Promise<void>;
}

/** Reads `response`'s body as Server-Sent Events, in the background, until it ends or is closed. */
export function readEvents(response: Response): EventStream {
  const events: StreamEvent[] = [];
  let buffer = '';
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  const pump = (async () => {
    for (;;) {
      const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const fields = new Map<string, string>();
        for (const line of block.split('\n')) {
          if (line.startsWith(':')) continue;
          const colon = line.indexOf(':');
          if (colon > 0) fields.set(line.slice(0, colon), line.slice(colon + 1).trimStart());
        }
        if (fields.has('event')) events.push({ ...(fields.has('id') ? { id: fields.get('id') } : {}), event: fields.get('event') ?? '', data: fields.get('data') ?? '' });
      }
    }
  })();
  const until = async (check: (seen: readonly StreamEvent[]) => boolean, what: string, timeoutMs = 10_000): Promise<void> => {
    const deadline = Date.now() + timeoutMs;
    while (!check(events)) {
      if (Date.now() > deadline) throw new Error(`Waited for ${what}; the stream holds ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return {
    events,
    async waitFor(count, timeoutMs) {
      await until((seen) => seen.length >= count, `${count} events`, timeoutMs);
      return events;
    },
    until,
    async close() {
      await reader.cancel().catch(() => undefined);
      await pump;
    },
  };
}
