/** Why a registration was refused. */
export type RegistryErrorCode = 'invalid' | 'duplicate';

/** Details of a `RegistryError`. */
export interface RegistryErrorDetails {
  /** Why it was refused. */
  code: RegistryErrorCode;
  /** The kind of entry, for example `view`. */
  kind: string;
  /** The id of the refused entry, when it had a string id. */
  entryId?: string;
  /** For invalid entries: which rule the entry broke. */
  reason?: string;
}

/**
 * Thrown when a registry refuses an entry (product §8's registry errors). The
 * message is the spec's exact wording (`Invalid entry`, `Duplicate entry`,
 * `View id {id} is already registered`, `File list filter "{id}" already
 * registered`); the broken rule of an invalid entry is in `reason`.
 * Recognise it by `name === 'RegistryError'` across bundles, not `instanceof`.
 */
export class RegistryError extends Error {
  /** Why the entry was refused. */
  readonly code: RegistryErrorCode;
  /** The kind of entry, for example `view`. */
  readonly kind: string;
  /** The id of the refused entry, when it had a string id. */
  readonly entryId: string | undefined;
  /** For invalid entries, the rule the entry broke; otherwise undefined. */
  readonly reason: string | undefined;

  /**
   * @param message the spec's message
   * @param details code, kind, entry id and reason
   */
  constructor(message: string, details: RegistryErrorDetails) {
    super(message);
    this.name = 'RegistryError';
    this.code = details.code;
    this.kind = details.kind;
    this.entryId = details.entryId;
    this.reason = details.reason;
  }
}

/** Whether `value` is a `RegistryError`, from this bundle or another. */
export function isRegistryError(value: unknown): value is RegistryError {
  return value instanceof Error && value.name === 'RegistryError' && 'code' in value && 'kind' in value;
}
