import type { UnfinishedUpload, UploadJournal } from './types';

/** A journal held in memory: for node and tests, or when nothing may be stored. */
export function createMemoryJournal(): UploadJournal {
  const records = new Map<string, UnfinishedUpload>();
  return {
    list: () => [...records.values()],
    put: (record) => void records.set(record.id, record),
    remove: (id) => void records.delete(id),
  };
}

/** The part of the Web Storage API the journal uses (`localStorage` fits). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The storage key of {@link createStorageJournal}, by default. */
export const UPLOAD_JOURNAL_KEY = 'cumulus:unfinished-uploads';

/** Whether a parsed value has the shape of an {@link UnfinishedUpload}. */
function isRecord(value: unknown): value is UnfinishedUpload {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    ['id', 'workspace', 'destination', 'name', 'type'].every((key) => typeof record[key] === 'string') &&
    ['size', 'lastModified', 'chunkSize', 'startedAt'].every((key) => typeof record[key] === 'number')
  );
}

/**
 * A journal in a Web Storage (`localStorage`), as one JSON list under `key`,
 * so unfinished uploads survive a page reload. Unreadable content counts as
 * empty; a full storage (quota error) loses the record, never the upload.
 */
export function createStorageJournal(storage: KeyValueStorage, key: string = UPLOAD_JOURNAL_KEY): UploadJournal {
  const read = (): UnfinishedUpload[] => {
    try {
      const parsed: unknown = JSON.parse(storage.getItem(key) ?? '[]');
      return Array.isArray(parsed) ? parsed.filter(isRecord) : [];
    } catch {
      return [];
    }
  };
  const write = (records: UnfinishedUpload[]): void => {
    try {
      if (records.length === 0) storage.removeItem(key);
      else storage.setItem(key, JSON.stringify(records));
    } catch {
      // Storage full or refused: the upload goes on, it just cannot be resumed after a reload.
    }
  };
  return {
    list: read,
    put: (record) => write([...read().filter((entry) => entry.id !== record.id), record]),
    remove: (id) => write(read().filter((entry) => entry.id !== id)),
  };
}
