import { isStorageFull } from '@cumulus/sdk';
import { i18nKey } from '@cumulus/sdk';

/** The warning shown when the storage becomes full (product §8), also its i18n key. */
export const STORAGE_FULL_MESSAGE = i18nKey('Your storage is full, files can not be updated or synced anymore!');

/**
 * Whether the storage just became full (product §4 "shown when free becomes 0
 * while quota is above 0"), so the warning shows once per change and not on
 * every refresh. Without earlier stats, a full storage counts as just full.
 * Uses `isStorageFull` of the format module for the state itself.
 */
export function storageBecameFull(
  previous: { free: number; quota: number } | null | undefined,
  next: { free: number; quota: number },
): boolean {
  return isStorageFull(next) && (previous == null || !isStorageFull(previous));
}
