import type { ConfirmOptions } from './types';

const TEXTS = ['title', 'message', 'confirmLabel'] as const;

/**
 * Why `value` is not a {@link ConfirmOptions} (checked at run time: a plugin built apart may
 * pass anything), or null when it is one. Each text must be a non-blank string.
 */
export function confirmOptionsProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'the options must be an object';
  const options = value as Record<string, unknown>;
  for (const key of TEXTS) {
    const text = options[key];
    if (typeof text !== 'string' || text.trim() === '') return `${key} must be a non-empty string`;
  }
  if (options.destructive !== undefined && typeof options.destructive !== 'boolean') return 'destructive must be a boolean';
  return null;
}

/** The options as the app receives them: only the known fields, `destructive` defaulted. */
export function normalizeConfirmOptions(options: ConfirmOptions): Required<ConfirmOptions> {
  return { title: options.title, message: options.message, confirmLabel: options.confirmLabel, destructive: options.destructive === true };
}
