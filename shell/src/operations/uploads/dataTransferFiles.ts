import { createTimeSlicer } from '../../lib/engine';

/** A file to upload with its path relative to the folder it goes into ('photos/2024/a.jpg'). */
export interface PickedFile {
  file: File;
  /** Relative path, '/'-separated, without a leading slash. */
  relativePath: string;
}

/** What a drop or a folder pick holds. */
export interface CollectedFiles {
  files: PickedFile[];
  /** Every folder of the tree, relative, parents before children (empty ones too). */
  directories: string[];
  /** Entries that could not be read ('One of the dropped files could not be processed'). */
  failures: number;
  /** The browser gave no file-system entries: folders were left out. */
  noFilesystemApi: boolean;
}

/** The parts of the file-system entry API a drop uses (webkitGetAsEntry). */
interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  file?(success: (file: File) => void, failure?: (error: unknown) => void): void;
  createReader?(): { readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void };
}

/**
 * Takes what a drop carries, synchronously: the browser empties the
 * DataTransfer once the drop's event is over, so the entries are taken
 * now and walked later by {@link collectDroppedFiles}. An item without a
 * file-system entry (a file made by a page script) is taken as a plain
 * file.
 */
export function takeDroppedEntries(transfer: DataTransfer): TakenDrop {
  const items = Array.from(transfer.items ?? []).filter((item) => item.kind === 'file');
  if (items.length > 0 && items.some((item) => typeof item.webkitGetAsEntry !== 'function')) {
    // No file-system entries in this browser: folders cannot be read.
    return { entries: [], files: Array.from(transfer.files ?? []), itemCount: items.length, noFilesystemApi: true };
  }
  const entries: EntryLike[] = [];
  const files: File[] = [];
  for (const item of items) {
    const entry = item.webkitGetAsEntry() as EntryLike | null;
    if (entry !== null) entries.push(entry);
    else {
      const file = item.getAsFile();
      if (file !== null) files.push(file);
    }
  }
  return { entries, files, itemCount: Math.max(items.length, transfer.files?.length ?? 0), noFilesystemApi: false };
}

/** What {@link takeDroppedEntries} took from a drop. */
export interface TakenDrop {
  /** File-system entries (files and folders) to walk. */
  entries: EntryLike[];
  /** Plain files (no entry, or no entry API). */
  files: File[];
  /** How many files the drop carried. */
  itemCount: number;
  /** The browser has no file-system entry API: dropped folders are left out. */
  noFilesystemApi: boolean;
}

const claimedDrops = new WeakSet<Event>();

/** A folder row or breadcrumb takes this drop of desktop files: the list's own drop handler leaves it. */
export function claimDrop(event: Event): void {
  claimedDrops.add(event);
}

/** Whether a drop target claimed `event` (see {@link claimDrop}). */
export function isDropClaimed(event: Event): boolean {
  return claimedDrops.has(event);
}

/** Entries read by one `readEntries` call; it returns them in portions and an empty array at the end. */
function readPortion(reader: { readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void }): Promise<EntryLike[]> {
  return new Promise((resolve, reject) => reader.readEntries(resolve, reject));
}

function fileOf(entry: EntryLike): Promise<File> {
  return new Promise((resolve, reject) => {
    if (entry.file === undefined) reject(new Error('not a file entry'));
    else entry.file(resolve, reject);
  });
}

/** How many `file()` calls run at once: each is a round trip to the browser's file thread. */
const FILE_READS_AT_ONCE = 64;

/**
 * Walks what a drop carried (product §2): each folder entry is read
 * with repeated `readEntries` calls until one returns nothing (Chromium
 * hands out 100 entries a call), files are resolved in groups, and the work
 * yields to the browser between slices so a tree of 10,000 files never
 * blocks the page. Plain files (without an entry) are taken as they are.
 */
export async function collectDroppedFiles(taken: Pick<TakenDrop, 'entries' | 'files' | 'noFilesystemApi'>): Promise<CollectedFiles> {
  const result: CollectedFiles = { files: [], directories: [], failures: 0, noFilesystemApi: taken.noFilesystemApi };
  const slicer = createTimeSlicer();
  let pendingFiles: { entry: EntryLike; path: string }[] = [];
  const flushFiles = async () => {
    const group = pendingFiles;
    pendingFiles = [];
    const read = await Promise.allSettled(group.map(({ entry }) => fileOf(entry)));
    read.forEach((outcome, index) => {
      if (outcome.status === 'fulfilled') result.files.push({ file: outcome.value, relativePath: group[index]?.path ?? outcome.value.name });
      else result.failures += 1;
    });
    await slicer.maybeYield();
  };
  // Depth first, parents listed before their children, so folders can be created in order.
  const stack: { entry: EntryLike; path: string }[] = taken.entries.map((entry) => ({ entry, path: entry.name })).reverse();
  while (stack.length > 0) {
    const { entry, path } = stack.pop() as { entry: EntryLike; path: string };
    if (entry.isFile) {
      pendingFiles.push({ entry, path });
      if (pendingFiles.length >= FILE_READS_AT_ONCE) await flushFiles();
      continue;
    }
    if (!entry.isDirectory || entry.createReader === undefined) {
      result.failures += 1;
      continue;
    }
    result.directories.push(path);
    const reader = entry.createReader();
    const children: EntryLike[] = [];
    try {
      for (;;) {
        const portion = await readPortion(reader);
        if (portion.length === 0) break;
        children.push(...portion);
        await slicer.maybeYield();
      }
    } catch (error) {
      console.error(`Could not read the dropped folder ${path}`, error);
      result.failures += 1;
    }
    for (let index = children.length - 1; index >= 0; index -= 1) {
      const child = children[index] as EntryLike;
      stack.push({ entry: child, path: `${path}/${child.name}` });
    }
  }
  if (pendingFiles.length > 0) await flushFiles();
  for (const file of taken.files) result.files.push({ file, relativePath: file.name });
  return result;
}

/**
 * The files of an `<input type=file>` pick: with `webkitdirectory` each
 * carries its `webkitRelativePath` ('photos/2024/a.jpg'), and the folders
 * are derived from those paths (an empty folder cannot be picked).
 */
export function collectPickedFiles(fileList: FileList | readonly File[]): CollectedFiles {
  const files: PickedFile[] = [];
  const directories = new Set<string>();
  for (const file of Array.from(fileList)) {
    const relativePath = file.webkitRelativePath !== '' && file.webkitRelativePath !== undefined ? file.webkitRelativePath : file.name;
    files.push({ file, relativePath });
    const parts = relativePath.split('/');
    for (let depth = 1; depth < parts.length; depth += 1) directories.add(parts.slice(0, depth).join('/'));
  }
  // A Set keeps insertion order, and a parent is added before its children.
  return { files, directories: [...directories], failures: 0, noFilesystemApi: false };
}
