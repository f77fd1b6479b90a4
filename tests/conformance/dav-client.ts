/** A tiny fetch wrapper for protocol tests: method, path below the server URL, headers, body. */
export function davClient(baseUrl: string, auth: string) {
  return async function dav(
    method: string,
    path: string,
    options: { headers?: Record<string, string>; body?: string | Buffer } = {},
  ): Promise<{ status: number; headers: Headers; text: string }> {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: auth, ...options.headers },
      ...(options.body !== undefined ? { body: typeof options.body === 'string' ? options.body : new Uint8Array(options.body) } : {}),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
}

/** The `s:message` of a Nextcloud-style error body. */
export function errorMessage(text: string): string {
  return /<s:message>([\s\S]*?)<\/s:message>/.exec(text)?.[1] ?? '';
}

/** The `s:exception` of a Nextcloud-style error body. */
export function errorException(text: string): string {
  return /<s:exception>([\s\S]*?)<\/s:exception>/.exec(text)?.[1] ?? '';
}
