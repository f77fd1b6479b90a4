/** Parallel upload jobs when the server does not say (product §9). */
export const DEFAULT_MAX_PARALLEL_UPLOADS = 5;

/**
 * How many upload jobs run at once: the capability
 * `files.chunked_upload.max_parallel_count` when it is a whole number of at
 * least 1, else {@link DEFAULT_MAX_PARALLEL_UPLOADS}.
 *
 * @param capabilities The OCS capabilities object, as received (not trusted).
 */
export function getMaxParallelUploads(capabilities: unknown): number {
  const count = property(property(property(capabilities, 'files'), 'chunked_upload'), 'max_parallel_count');
  const value = typeof count === 'string' && count.trim() !== '' ? Number(count) : count;
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : DEFAULT_MAX_PARALLEL_UPLOADS;
}

/** Reads a property of something that may not be an object. */
function property(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[name] : undefined;
}
