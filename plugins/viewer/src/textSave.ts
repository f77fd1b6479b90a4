/** What a save with `If-Match` came to. */
export type SaveResult =
  /** Saved; the file's new ETag (undefined when the server sent none). */
  | { kind: 'saved'; etag: string | undefined; url: string }
  /** The file changed since it was opened (412): nothing was written. */
  | { kind: 'conflict' };

/** A request the text editor makes: the CSRF token and an abort signal. */
export interface TextRequest {
  requestToken: string;
  signal?: AbortSignal;
}

function headers(request: TextRequest, extra: Record<string, string>): Record<string, string> {
  return { 'Content-Type': 'text/plain; charset=utf-8', ...(request.requestToken === '' ? {} : { requesttoken: request.requestToken }), ...extra };
}

function failure(status: number): Error {
  return new Error(`Saving failed (HTTP ${status})`);
}

/** Reads a text file: its text and the ETag it was read at. */
export async function loadText(url: string, request: TextRequest): Promise<{ text: string; etag: string | undefined }> {
  const response = await fetch(url, { credentials: 'same-origin', signal: request.signal, headers: request.requestToken === '' ? {} : { requesttoken: request.requestToken } });
  if (!response.ok) throw new Error(`Loading failed (HTTP ${response.status})`);
  return { text: await response.text(), etag: response.headers.get('ETag') ?? undefined };
}

/**
 * Writes `text` to `url` only if the file is still at `etag` (`If-Match`, the
 * version the editor opened): a file changed meanwhile by another tab or client
 * is never overwritten silently. Without `etag` (`null`) it overwrites.
 */
export async function saveText(url: string, text: string, etag: string | null, request: TextRequest): Promise<SaveResult> {
  const response = await fetch(url, { method: 'PUT', credentials: 'same-origin', signal: request.signal, body: text, headers: headers(request, etag === null ? {} : { 'If-Match': etag }) });
  if (response.status === 412) return { kind: 'conflict' };
  if (!response.ok) throw failure(response.status);
  return { kind: 'saved', etag: response.headers.get('ETag') ?? response.headers.get('OC-ETag') ?? undefined, url };
}

/** `notes.md` → `notes (edited).md`, then `notes (edited 2).md`, …: the name "keep both" saves under. */
export function editedName(basename: string, attempt = 1): string {
  const dot = basename.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [basename.slice(0, dot), basename.slice(dot)] : [basename, ''];
  return `${stem} (${attempt === 1 ? 'edited' : `edited ${attempt}`})${extension}`;
}

/**
 * "Keep both": saves the edit beside the changed file as `name (edited).ext`
 * (`If-None-Match: *`, so an existing file of that name is never replaced;
 * then `name (edited 2).ext`, …). Resolves to the URL written.
 */
export async function saveBeside(url: string, basename: string, text: string, request: TextRequest): Promise<SaveResult> {
  const folder = url.slice(0, url.lastIndexOf('/') + 1);
  for (let attempt = 1; attempt <= 20; attempt++) {
    const target = folder + encodeURIComponent(editedName(basename, attempt));
    const response = await fetch(target, { method: 'PUT', credentials: 'same-origin', signal: request.signal, body: text, headers: headers(request, { 'If-None-Match': '*' }) });
    if (response.status === 412) continue;
    if (!response.ok) throw failure(response.status);
    return { kind: 'saved', etag: response.headers.get('ETag') ?? undefined, url: target };
  }
  throw failure(412);
}
