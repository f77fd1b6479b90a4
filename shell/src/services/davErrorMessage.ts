/**
 * The server's explanation of a failed DAV request: Sabre and Nextcloud (and
 * our server) answer errors with `<d:error>` XML holding an `s:message`
 * element (product §7). The DAV service reads it from the failed answer and
 * keeps it on the error as `davMessage`, where error-to-text code finds it
 * without awaiting. Kept apart from the DAV service, like `errorStatus`, so
 * readers of errors need none of the service.
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

/** The server's message a failed DAV request carries (`davMessage`), or undefined. */
export function davMessageOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const message = (error as { davMessage?: unknown }).davMessage;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
