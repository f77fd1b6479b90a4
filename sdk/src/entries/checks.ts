// Small shape checks shared by the entry validators. Each returns the reason
// an entry breaks a rule, or null; validators chain them with `firstReason`.

/** A readable record, or null when `value` is not an object. */
export function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** Reason when `field` is not a non-empty string. */
export function needString(entry: Record<string, unknown>, field: string): string | null {
  const value = entry[field];
  return typeof value === 'string' && value.trim() !== '' ? null : `${field} must be a non-empty string`;
}

/** Reason when `field` is not a function. */
export function needFunction(entry: Record<string, unknown>, field: string): string | null {
  return typeof entry[field] === 'function' ? null : `${field} must be a function`;
}

/** Reason when `field` is present but not a function. */
export function optionalFunction(entry: Record<string, unknown>, field: string): string | null {
  return entry[field] === undefined ? null : needFunction(entry, field);
}

/** Reason when `field` is present but not a string. */
export function optionalString(entry: Record<string, unknown>, field: string): string | null {
  return entry[field] === undefined || typeof entry[field] === 'string' ? null : `${field} must be a string`;
}

/** Reason when `field` is present but not a boolean. */
export function optionalBoolean(entry: Record<string, unknown>, field: string): string | null {
  return entry[field] === undefined || typeof entry[field] === 'boolean' ? null : `${field} must be a boolean`;
}

/** Reason when `order` is present but not a finite number. */
export function optionalOrder(entry: Record<string, unknown>): string | null {
  const order = entry['order'];
  return order === undefined || (typeof order === 'number' && Number.isFinite(order)) ? null : 'order must be a finite number';
}

/** Reason when `field` is present but not one of `allowed`. */
export function optionalOneOf(entry: Record<string, unknown>, field: string, allowed: readonly string[]): string | null {
  const value = entry[field];
  return value === undefined || (typeof value === 'string' && allowed.includes(value))
    ? null
    : `${field} must be one of ${allowed.map((option) => `'${option}'`).join(', ')}`;
}

/**
 * Validates `value` as an object and returns the first reason the checks
 * found, in the order listed, or null when every check passed.
 */
export function firstReason(value: unknown, checks: (entry: Record<string, unknown>) => (string | null)[]): string | null {
  const entry = asRecord(value);
  if (!entry) return 'entry must be an object';
  for (const reason of checks(entry)) if (reason !== null) return reason;
  return null;
}
