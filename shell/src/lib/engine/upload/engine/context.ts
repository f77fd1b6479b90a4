import type { EngineState } from './engine-state';
import type { SendContext } from './send';
import type { UploadDecisions, UploadDestination, UploadJournal } from './types';
import type { FilenameRules } from '../../validation/filename';
import type { Node } from '@cumulus/sdk';
import type { FileRun } from './file-upload';

/** What the engine's parts share (internal). */
export interface EngineContext {
  state: EngineState;
  send: SendContext;
  /** Headers added to every request. */
  headers: Readonly<Record<string, string>>;
  uploadsRoot: string | null;
  isPublic: boolean;
  user: string | null;
  /** The configured max_chunk_size, as given. */
  maxChunkSize: unknown;
  filenameRules: FilenameRules;
  decisions: UploadDecisions;
  listFolder: ((folder: UploadDestination, signal: AbortSignal) => Promise<readonly Node[] | null>) | null;
  journal: UploadJournal | null;
  randomHex: () => string;
  now: () => number;
  /** Gives the host a turn between slices of queueing work. */
  yieldToHost: () => Promise<void>;
  logError: (message: string, error: unknown) => void;
  /** The next item number: ids and pool priorities. */
  nextSeq(): number;
  /** File uploads by item id (for cancel and retry). */
  runs: Map<string, FileRun>;
  /** Abort controllers of folder and batch items by id. */
  controllers: Map<string, AbortController>;
}
