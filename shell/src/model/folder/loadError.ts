import type { Translate } from '@cumulus/sdk';

/** Why a folder could not be listed, as plain data for the store. */
export interface LoadError {
  /** HTTP status, when the failure came from the server. */
  status?: number;
  /** The error's own message. */
  message: string;
  /** False for a thrown value that was not an Error (product §8 'Unknown error'). */
  isError: boolean;
}

/** Reads a thrown value into a {@link LoadError}. */
export function toLoadError(error: unknown): LoadError {
  if (error instanceof Error || (typeof error === 'object' && error !== null && 'message' in error)) {
    const status = (error as { status?: unknown }).status;
    return {
      message: String((error as { message: unknown }).message),
      isError: true,
      ...(typeof status === 'number' && status > 0 ? { status } : {}),
    };
  }
  return { message: String(error), isError: false };
}

/** The spec's message for a folder that could not be loaded (product §8 "Folder load"). */
export function describeLoadError(error: LoadError, t: Translate): string {
  switch (error.status) {
    case 400:
    case 404:
    case 405:
      return t('Folder not found');
    case 403:
      return t('This operation is forbidden');
    case 500:
      return t('This directory is unavailable, please check the logs or contact the administrator');
    case 503:
      return t('Storage is temporarily not available');
    default:
      return error.isError ? t('Unexpected error: {error}', { error: error.message }) : t('Unknown error');
  }
}
