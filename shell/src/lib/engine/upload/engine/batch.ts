import type { Node } from '@cumulus/sdk';
import type { ConflictResolution } from '../../state/conflict';
import { resolveConflicts } from '../../state/conflict';
import { checkFilename } from '../../validation/filename';
import { getUniqueName } from '../../validation/unique-name';
import { cancelUpload, createBatchUpload, createUpload, failUpload, finishUpload } from '../upload-item';
import type { EngineContext } from './context';
import { cancelledError } from './errors';
import type { FileRun } from './file-upload';
import { chunkSizeFor, fileItem, runFile } from './file-upload';
import { isUploadFolder } from './folder';
import { send } from './send';
import { createTimeSlicer, SLICE_MS } from './time-slicer';
import { isAbortError } from './transport';
import type { UploadBatchResult, UploadDestination, UploadEntry, UploadError, UploadFile, UploadItemState, UploadOptions } from './types';

/** One batch being uploaded (internal). */
interface Batch {
  /** The container item's id, or null for a single file. */
  id: string | null;
  controller: AbortController;
  destination: string;
  headers: Readonly<Record<string, string>>;
  itemIds: string[];
  skipped: string[];
  /** Running uploads and folder levels; grows while the batch walks its folders. */
  work: Promise<unknown>[];
  cancelled: boolean;
  /** Its files not queued yet (counted in the queue's `unqueuedFiles`). */
  unqueued: number;
}

/** One folder level of a batch: entries to put into one folder. */
interface Level {
  /** The folder's URL (no trailing slash). */
  url: string;
  /** The folder's path relative to the batch's destination ('' at the top). */
  path: string;
  /** The folder's display path (the destination's path joined with `path`), for the decisions and `listFolder`. */
  displayPath: string;
  /** Its display name, for the conflict dialog. */
  dirname: string;
  entries: readonly UploadEntry[];
  /** The folder existed before (the destination, or a folder merged into): look for conflicts. */
  existed: boolean;
  /** Below the destination. */
  recursive: boolean;
  signal: AbortSignal;
}

/** An entry with the name it goes up under. */
interface Planned {
  entry: UploadEntry;
  name: string;
  /** A folder that exists at the destination: merge into it. */
  merge: boolean;
}

/** The controllers to abort with each parent signal: one listener per parent, not one per child. */
const childrenOf = new WeakMap<AbortSignal, Set<AbortController>>();

/**
 * An AbortController aborted when `parent` aborts. The parent signal gets one
 * listener for all its children: a folder of 10,000 files gave its signal
 * 10,000 listeners, and the browser's addEventListener looks through the
 * listeners already there (a quadratic cost).
 */
export function childController(parent: AbortSignal | undefined): AbortController {
  const controller = new AbortController();
  if (parent) {
    if (parent.aborted) controller.abort();
    else {
      let children = childrenOf.get(parent);
      if (children === undefined) {
        const set = new Set<AbortController>();
        children = set;
        childrenOf.set(parent, set);
        parent.addEventListener(
          'abort',
          () => {
            for (const child of set) child.abort();
          },
          { once: true },
        );
      }
      children.add(controller);
    }
  }
  return controller;
}

/** How many files the entries hold, in their folders too. */
export function filesIn(entries: readonly UploadEntry[]): number {
  let count = 0;
  const stack = [...entries];
  for (let entry = stack.pop(); entry !== undefined; entry = stack.pop()) {
    if (isUploadFolder(entry)) stack.push(...entry.children);
    else count += 1;
  }
  return count;
}

/** Takes `count` of the batch's files off its unqueued ones: queued, skipped or never to be. */
function release(context: EngineContext, batch: Batch, count: number): void {
  const released = Math.min(count, batch.unqueued);
  batch.unqueued -= released;
  context.state.expectFiles(-released);
}

function trimSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** The last segment of a URL or path, decoded. */
function baseOf(pathOrUrl: string): string {
  const segment = trimSlash(pathOrUrl).split('/').pop() ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * Uploads entries into a destination: the batch container (for more than one
 * entry or any folder), then each folder level in turn: names checked,
 * conflicts resolved, files queued, sub-folders created with MKCOL (405: it
 * exists, write into it) before their contents. Resolves when all ended.
 */
export async function runBatch(
  context: EngineContext,
  destination: UploadDestination,
  entries: readonly UploadEntry[],
  options: UploadOptions,
): Promise<UploadBatchResult> {
  const source = trimSlash(destination.source);
  const container = entries.length > 1 || entries.some(isUploadFolder);
  const batch: Batch = {
    id: container ? `upload-${context.nextSeq()}` : null,
    controller: childController(options.signal),
    destination: source,
    headers: { ...context.headers, ...options.headers },
    itemIds: [],
    skipped: [],
    work: [],
    cancelled: false,
    unqueued: filesIn(entries),
  };
  // The batch's files count from its start, while its folders are listed and its conflicts asked.
  context.state.expectFiles(batch.unqueued);
  if (batch.id !== null) {
    context.controllers.set(batch.id, batch.controller);
    context.state.add({ ...createBatchUpload(source), id: batch.id, kind: 'batch', name: baseOf(destination.path ?? source), path: '/', batchId: null, destination: source, chunksUploaded: 0 });
  }
  let failure: unknown = null;
  try {
    await processLevel(context, batch, {
      url: source,
      path: '',
      displayPath: destination.path ?? '/',
      dirname: baseOf(destination.path ?? source),
      entries,
      existed: true,
      recursive: false,
      signal: batch.controller.signal,
    });
  } catch (error) {
    failure = error;
    batch.controller.abort();
  }
  for (let waited = 0; waited < batch.work.length; ) {
    const pending = batch.work.slice(waited);
    waited = batch.work.length;
    await Promise.allSettled(pending);
  }
  // What a cancel, a failed folder or an error left unqueued never will be.
  release(context, batch, batch.unqueued);
  if (batch.controller.signal.aborted && failure === null) batch.cancelled = true;
  const items = batch.itemIds.map((id) => context.state.get(id)).filter((item): item is UploadItemState => item !== undefined);
  if (batch.id !== null) {
    const failed = batch.cancelled || failure !== null || items.some((item) => item.status === 'failed');
    context.state.update(batch.id, (item) => (failed ? failUpload(batch.cancelled ? cancelUpload(item) : item) : finishUpload(item)));
    context.controllers.delete(batch.id);
  }
  if (failure !== null) throw failure;
  return { batchId: batch.id, items, skipped: batch.skipped, cancelled: batch.cancelled };
}

/** Checks and resolves one level's names and conflicts, then starts its files and folders. */
async function processLevel(context: EngineContext, batch: Batch, level: Level): Promise<void> {
  let content: readonly Node[] = [];
  if (level.existed && context.listFolder !== null) {
    content = (await context.listFolder({ source: level.url, path: level.displayPath }, level.signal)) ?? [];
  }
  if (level.signal.aborted) return;

  const planned = await checkNames(context, batch, level, content);
  if (planned === null || level.signal.aborted) return;
  const resolved = await resolveLevelConflicts(context, batch, level, content, planned);
  if (resolved === null || level.signal.aborted) return;

  // A folder of thousands of files is queued in slices: the page stays responsive.
  const slicer = createTimeSlicer(SLICE_MS, context.now, context.yieldToHost);
  for (let index = 0; index < resolved.length; index++) {
    if (await slicer.maybeYield()) {
      if (level.signal.aborted) return;
    }
    const item = resolved[index] as Planned;
    const path = `${level.path}/${item.name}`;
    const url = `${level.url}/${encodeURIComponent(item.name)}`;
    if (isUploadFolder(item.entry)) startFolder(context, batch, level, item.entry.children, item.name, path, url, item.merge);
    else startFile(context, batch, level, item.entry, item.name, path, url);
  }
}

/** The level's entries under valid names: asks the invalid-name decision, makes answers unique; null when the batch stopped. */
async function checkNames(context: EngineContext, batch: Batch, level: Level, content: readonly Node[]): Promise<Planned[] | null> {
  const existing = content.map((node) => node.basename);
  const planned: Planned[] = [];
  const slicer = createTimeSlicer(SLICE_MS, context.now, context.yieldToHost);
  for (let index = 0; index < level.entries.length; index++) {
    if ((await slicer.maybeYield()) && level.signal.aborted) return null;
    const entry = level.entries[index] as UploadEntry;
    const isFolder = isUploadFolder(entry);
    let name: string | null = entry.name;
    let error = checkFilename(name, context.filenameRules);
    while (error !== null) {
      const siblings = [...existing, ...planned.map((item) => item.name), ...level.entries.slice(index + 1).map((other) => other.name)];
      const decision = context.decisions.resolveInvalidName
        ? await context.decisions.resolveInvalidName({ name, path: `${level.path}/${name}`, isFolder, error, siblings })
        : 'skip';
      if (level.signal.aborted) return null;
      if (decision === 'skip') {
        batch.skipped.push(`${level.path}/${entry.name}`);
        release(context, batch, filesIn([entry]));
        name = null;
        break;
      }
      name = getUniqueName(decision.trim(), siblings, { ignoreFileExtension: isFolder });
      error = checkFilename(name, context.filenameRules);
    }
    if (name !== null) planned.push({ entry, name, merge: false });
  }
  return planned;
}

/** Applies the conflict decision of one level; null when the user cancelled the whole operation. */
async function resolveLevelConflicts(
  context: EngineContext,
  batch: Batch,
  level: Level,
  content: readonly Node[],
  planned: Planned[],
): Promise<Planned[] | null> {
  const byName = new Map(content.map((node) => [node.basename, node]));
  const conflicting = planned.filter((item) => byName.has(item.name));
  if (conflicting.length === 0) return planned;

  let resolutions: ConflictResolution[];
  if (context.decisions.resolveConflicts) {
    const decision = await context.decisions.resolveConflicts({
      destination: { source: level.url, path: level.displayPath },
      dirname: level.dirname,
      incoming: conflicting.map(({ entry, name }) => ({
        name,
        isFolder: isUploadFolder(entry),
        size: entry.size,
        lastModified: entry.lastModified,
        ...(isUploadFolder(entry) ? {} : { file: entry }),
      })),
      existing: conflicting.map((item) => byName.get(item.name) as Node),
      content,
      recursive: level.recursive,
    });
    if (level.signal.aborted) return null;
    if (decision === 'cancel') {
      batch.cancelled = true;
      batch.controller.abort();
      return null;
    }
    const taken = [...byName.keys(), ...planned.map((item) => item.name)];
    resolutions = resolveConflicts(
      conflicting.map(({ entry, name }) => ({ incoming: { name, isFolder: isUploadFolder(entry) }, choice: decision[name] ?? 'keep-existing' })),
      taken,
    );
  } else {
    resolutions = conflicting.map(({ entry, name }) => (isUploadFolder(entry) ? { action: 'merge', name } : { action: 'overwrite', name }));
  }

  const byItem = new Map(conflicting.map((item, index) => [item, resolutions[index] as ConflictResolution]));
  const result: Planned[] = [];
  for (const item of planned) {
    const resolution = byItem.get(item);
    if (resolution === undefined) result.push(item);
    else if (resolution.action === 'skip') {
      batch.skipped.push(`${level.path}/${item.name}`);
      release(context, batch, filesIn([item.entry]));
    }
    else if (resolution.action === 'rename') result.push({ ...item, name: resolution.name });
    else result.push({ ...item, name: resolution.name, merge: resolution.action === 'merge' });
  }
  return result;
}

function startFile(context: EngineContext, batch: Batch, level: Level, file: UploadFile, name: string, path: string, url: string): void {
  const seq = context.nextSeq();
  const run: FileRun = {
    id: `upload-${seq}`,
    seq,
    file,
    url,
    headers: batch.headers,
    controller: childController(level.signal),
    chunkSize: chunkSizeFor(context, file.size),
    workspace: null,
    journalId: null,
    startedAt: context.now(),
  };
  context.runs.set(run.id, run);
  release(context, batch, 1);
  context.state.add(fileItem(run, { name, path, batchId: batch.id, destination: batch.destination }));
  batch.itemIds.push(run.id);
  batch.work.push(runFile(context, run));
}

function startFolder(
  context: EngineContext,
  batch: Batch,
  level: Level,
  children: readonly UploadEntry[],
  name: string,
  path: string,
  url: string,
  merge: boolean,
): void {
  const seq = context.nextSeq();
  const id = `upload-${seq}`;
  const controller = childController(level.signal);
  context.controllers.set(id, controller);
  context.state.add({ ...createUpload(url, false, 0), id, kind: 'folder', name, path, batchId: batch.id, destination: batch.destination, chunksUploaded: 0 });
  batch.itemIds.push(id);
  const fail = (error: UploadError): void => {
    context.state.update(id, (item) => ({ ...failUpload(error.code === 'cancelled' ? cancelUpload(item) : item), error }));
  };
  const work = (async () => {
    try {
      const outcome = await send(context.send, { method: 'MKCOL', url, headers: { ...batch.headers } }, { priority: [seq], signal: controller.signal });
      const status = outcome.kind === 'answer' ? outcome.response.status : 0;
      // 405: the folder exists (product §8): write into it.
      if (status !== 201 && status !== 405) {
        release(context, batch, filesIn(children));
        fail({ code: 'mkdir-failed', stage: 'mkdir', status, directory: path, detail: 'Unable to create the directory' });
        return;
      }
      await processLevel(context, batch, {
        url,
        path,
        displayPath: `${level.displayPath.replace(/\/+$/, '')}/${name}`,
        dirname: name,
        entries: children,
        existed: merge || status === 405,
        recursive: true,
        signal: controller.signal,
      });
      if (controller.signal.aborted) fail(cancelledError('mkdir'));
      else context.state.update(id, (item) => finishUpload(item));
    } catch (error) {
      if (controller.signal.aborted || isAbortError(error)) fail(cancelledError('mkdir'));
      else {
        context.logError(`Upload of the folder ${path} failed`, error);
        fail({ code: 'unknown', stage: 'mkdir', status: 0, directory: path, detail: 'Unable to create the directory' });
      }
    } finally {
      context.controllers.delete(id);
    }
  })();
  batch.work.push(work);
}
