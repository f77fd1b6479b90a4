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
