/** A plugin route path split into segments; `:name` segments match any one segment. */
export function routeSegments(path: string): string[] {
  return path.split('/').slice(1);
}

/** Whether `path` is a valid route path: starts with `/`, no empty, `.` or `..` segments, no query. */
export function routePathProblem(path: unknown): string | null {
  if (typeof path !== 'string' || !path.startsWith('/')) return 'its path must start with "/"';
  if (/[?#]/.test(path)) return 'its path may not hold "?" or "#"';
  const segments = routeSegments(path);
  if (path !== '/' && segments.some((segment) => segment === '' || segment === '.' || segment === '..' || segment === ':')) {
    return 'its path may not hold empty, "." or ".." segments';
  }
  return null;
}

/** The `:name` values when `path` (already split, decoded) matches `pattern`, else null. */
export function matchRoute(pattern: string, segments: string[]): Record<string, string> | null {
  const wanted = routeSegments(pattern);
  if (pattern === '/') return segments.length === 1 && segments[0] === '' ? {} : null;
  if (wanted.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const actual = segments[index] ?? '';
    if (part.startsWith(':')) params[part.slice(1)] = actual;
    else if (part !== actual) return null;
  }
  return params;
}

/**
 * The route among `routes` for `method` at `segments`, with its `:name` values: a clear 404
 * (`notFound`) when no path matches, a 405 with `Allow` when only other methods do.
 */
export function chooseRoute<T extends { method: string; path: string }>(
  routes: readonly T[],
  segments: string[],
  method: string,
  fail: (status: 404 | 405, allow: string) => never,
): { entry: T; params: Record<string, string> } {
  const matching = routes.map((entry) => ({ entry, params: matchRoute(entry.path, segments) })).filter((found) => found.params !== null);
  if (matching.length === 0) return fail(404, '');
  const chosen = matching.find(({ entry }) => entry.method === method);
  if (!chosen?.params) return fail(405, [...new Set(matching.map(({ entry }) => entry.method))].join(', '));
  return { entry: chosen.entry, params: chosen.params };
}
