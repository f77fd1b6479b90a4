/**
 * The server's explanation of a failed DAV request: Sabre and Nextcloud (and
 * our server) answer errors with `<d:error>` XML holding an `s:message`
 * element (product §7). The webdav client throws with the unread `response`, so
 * the body is read once here and the message kept on the error as
 * `davMessage`, where error-to-text code can find it without awaiting.
 * Kept apart from the DAV service, like `errorStatus`, so readers of errors
 * do not load the webdav client.
 */

/** The text of the first `s:message` element (any prefix) of a DAV error body, or undefined. */
export function parseDavErrorMessage(body: string): string | undefined {
  const match = /<(?:[\w-]+:)?message(?:\s[^>]*)?>([\s\S]*?)<\/(?:[\w-]+:)?message>/.exec(body);
  if (match === null) return undefined;
  const text = (match[1] ?? '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
  return text === '' ? undefined : text;
}

/** Reads the error's response body (when the client left one) and records its `s:message` as `davMessage`. Never throws. */
export async function withDavMessage<T>(error: T): Promise<T> {
  if (typeof error !== 'object' || error === null) return error;
  const response = (error as { response?: unknown }).response;
  if (typeof response !== 'object' || response === null || typeof (response as { text?: unknown }).text !== 'function') return error;
  try {
    const message = parseDavErrorMessage(await (response as { text(): Promise<string> }).text());
    if (message !== undefined) Object.assign(error, { davMessage: message });
  } catch {
    // A body that cannot be read has no message to offer: the status still tells.
  }
  return error;
}

/** The server's message recorded by {@link withDavMessage}, or undefined. */
export function davMessageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const message = (error as { davMessage?: unknown }).davMessage;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
