/**
 * The HTTP status of a failed DAV or API call, when it has one. Kept apart
 * from the DAV service so code that only reads errors needs none of it.
 */
export function errorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const status = (error as { status?: unknown }).status;
  return typeof status === 'number' ? status : undefined;
}
