import { createTimeSlicer, uploadTreeFromPaths } from '../../lib/engine';
import type { FolderNode, Translate } from '@cumulus/sdk';
import type { UnfinishedUpload, UploadBatchResult, UploadFile } from '../../lib/engine';
import { createAppAsyncThunk } from '../../model/base/thunks';
import { canRead } from '../../services/publicShare';
import { showToast } from '../../ui/toasts/toasts';
import type { CollectedFiles } from './dataTransferFiles';
import { failureMessage } from './failureMessage';
import { startedUploadRuntime, uploadRuntimeOf } from './uploadRuntime';
import { uploadsActions } from '../../model/uploads/uploadsSlice';

/** Whether `error` is the engine's UploadResumeError (recognised by its code, never instanceof). */
function isResumeMismatch(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === 'resume-mismatch';
}

/** Where the files came from: the upload picker, or a drop (which announces its outcome). */
export type UploadOrigin = 'picker' | 'drop';

/**
 * The toasts of a batch that ended (product §8 "Drop", "Upload"): each distinct
 * failure reason once, then for a drop 'Some files could not be uploaded' or
 * 'Files uploaded successfully'; a user's cancel 'Upload was cancelled by
 * user'; nothing uploaded because everything was skipped 'No files to
 * upload'. 'Cancel uploads' of a batch says 'Upload was cancelled by user' once;
 * a cancel of the whole batch in the conflict dialog says nothing more: the
 * dialog said 'Upload cancelled'.
 */
export function announceBatch(result: UploadBatchResult, origin: UploadOrigin, t: Translate): void {
  const files = result.items.filter((item) => item.kind !== 'batch');
  if (result.cancelled) {
    // 'Cancel uploads' cancels the whole batch: its running files say so. A cancel in the
    // conflict dialog comes before the level's files are queued, and the dialog spoke.
    if (files.some((item) => item.cancelled)) showToast({ type: 'info', message: t('Upload was cancelled by user') });
    return;
  }
  if (files.length === 0) {
    // Nothing left because the user skipped it or kept the existing versions: the dialogs
    // spoke ('Conflicts resolution skipped', 'Upload has been skipped'), and no more is news.
    if (result.skipped.length === 0) showToast({ type: 'info', message: t('No files to upload') });
    return;
  }
  const failed = files.filter((item) => item.status === 'failed' && !item.cancelled);
  const cancelled = files.some((item) => item.cancelled);
  const reasons = new Set(failed.map((item) => failureMessage(item, t)));
  for (const reason of reasons) showToast({ type: 'error', message: reason });
  if (cancelled) showToast({ type: 'info', message: t('Upload was cancelled by user') });
  if (failed.length > 0) {
    if (origin === 'drop') showToast({ type: 'error', message: t('Some files could not be uploaded') });
  } else if (!cancelled) {
    showToast({ type: 'success', message: t('Files uploaded successfully') });
  }
}

/**
 * Uploads what a pick or a drop collected into `folder` (product §5, §8):
 * says when the browser could not give folders ('Your browser does not
 * support the Filesystem API. Directories will not be uploaded') or an
 * entry could not be read ('One of the dropped files could not be
 * processed'), 'No files to upload' when nothing is left, then hands the
 * tree to the engine (names checked, conflicts asked, folders created
 * first, files in parallel) and announces the outcome. A finished queue is
 * reset first, so the progress counts this batch only.
 */
export const uploadCollected = createAppAsyncThunk(
  'uploads/start',
  async ({ folder, collected, origin }: { folder: FolderNode; collected: CollectedFiles; origin: UploadOrigin }, { dispatch, getState, extra }) => {
    const { t } = extra;
    if (collected.noFilesystemApi) showToast({ type: 'warning', message: t('Your browser does not support the Filesystem API. Directories will not be uploaded') });
    if (collected.failures > 0) showToast({ type: 'error', message: t('One of the dropped files could not be processed') });
    if (collected.files.length === 0 && collected.directories.length === 0) {
      showToast({ type: 'info', message: t('No files to upload') });
      return null;
    }
    // Building the tree of 10,000 paths is quick, but the list of them is made in slices.
    const slicer = createTimeSlicer();
    const paths: { path: string; file?: UploadFile }[] = [];
    for (const directory of collected.directories) paths.push({ path: `${directory}/` });
    for (const picked of collected.files) {
      paths.push({ path: picked.relativePath, file: picked.file });
      if (paths.length % 500 === 0) await slicer.maybeYield();
    }
    const entries = uploadTreeFromPaths(paths);
    const runtime = await uploadRuntimeOf(extra, { dispatch, getState });
    // A file drop's page lists every file of the visit (it has no listing to show them otherwise).
    const keepResults = extra.publicShare !== undefined && !canRead(extra.publicShare);
    if (runtime.uploader.getState().queue.status === 'idle' && !keepResults) runtime.uploader.reset();
    let result: UploadBatchResult;
    try {
      // A public link's visitor is owner anonymous (product §3 "Destination folder").
      result = await runtime.uploader.upload({ source: folder.source, owner: extra.publicShare ? 'anonymous' : folder.owner, path: folder.path }, entries);
    } catch (error) {
      // 'Invalid destination folder' / 'User is not logged in': nothing was queued.
      // i18n-dynamic: both messages are marked with i18nKey in the upload engine (lib/engine).
      showToast({ type: 'error', message: error instanceof Error ? t(error.message) : t('Failed uploading the file') });
      return null;
    }
    runtime.flush();
    announceBatch(result, origin, t);
    return { failed: result.items.filter((item) => item.status === 'failed').length, skipped: result.skipped.length };
  },
);

/** 'Cancel uploads': cancels everything queued or running. */
export const cancelAllUploads = createAppAsyncThunk('uploads/cancelAll', async (_: void, { extra }) => {
  startedUploadRuntime(extra)?.uploader.cancelAll();
});

/**
 * 'Pause uploads' (product §4: uploading to paused): no new request starts, and
 * the PUTs under way are aborted and sent again on resume, so the bytes stop
 * at once and the bar shows what the server holds; the engine emits `paused`.
 */
export const pauseUploads = createAppAsyncThunk('uploads/pause', async (_: void, { extra }) => {
  startedUploadRuntime(extra)?.uploader.pause();
});

/** 'Resume uploads': a paused queue goes on where it stopped; the engine emits `resumed`. */
export const resumeUploads = createAppAsyncThunk('uploads/resume', async (_: void, { extra }) => {
  startedUploadRuntime(extra)?.uploader.resume();
});

/** Cancels one upload of the per-file list. */
export const cancelUpload = createAppAsyncThunk('uploads/cancelOne', async (id: string, { extra }) => {
  startedUploadRuntime(extra)?.uploader.cancel(id);
});

/**
 * Lists the chunked uploads an earlier page left unfinished (the engine's
 * journal in localStorage), for the 'Resume' controls. Run once when the
 * app starts, before this page uploads anything.
 */
export const listUnfinishedUploads = createAppAsyncThunk('uploads/listUnfinished', async (_: void, { dispatch, getState, extra }) => {
  const runtime = await uploadRuntimeOf(extra, { dispatch, getState });
  const records = await runtime.uploader.listUnfinished();
  dispatch(uploadsActions.unfinishedListed([...records]));
});

/**
 * 'Resume': continues an unfinished upload with the file the user picked
 * again, from the chunks the server holds. A different file (name, size or
 * modification time) is refused with 'The selected file is not the one that
 * was being uploaded' and the record stays.
 */
export const resumeUnfinishedUpload = createAppAsyncThunk(
  'uploads/resumeUnfinished',
  async ({ record, file }: { record: UnfinishedUpload; file: UploadFile }, { dispatch, getState, extra }) => {
    const { t } = extra;
    const runtime = await uploadRuntimeOf(extra, { dispatch, getState });
    if (runtime.uploader.getState().queue.status === 'idle') runtime.uploader.reset();
    try {
      const promise = runtime.uploader.resumeUnfinished(record, file);
      dispatch(uploadsActions.unfinishedRemoved({ id: record.id }));
      const item = await promise;
      runtime.flush();
      if (item.status === 'finished') showToast({ type: 'success', message: t('Files uploaded successfully') });
      else if (item.cancelled) showToast({ type: 'info', message: t('Upload was cancelled by user') });
      else showToast({ type: 'error', message: failureMessage(item, t) });
      return item.status;
    } catch (error) {
      if (isResumeMismatch(error)) {
        dispatch(uploadsActions.unfinishedListed([...(await runtime.uploader.listUnfinished())]));
        showToast({ type: 'error', message: t('The selected file is not the one that was being uploaded') });
        return null;
      }
      throw error;
    }
  },
);

/** Drops an unfinished upload: its chunks on the server and its record. */
export const discardUnfinishedUpload = createAppAsyncThunk('uploads/discardUnfinished', async (record: UnfinishedUpload, { dispatch, getState, extra }) => {
  const runtime = await uploadRuntimeOf(extra, { dispatch, getState });
  dispatch(uploadsActions.unfinishedRemoved({ id: record.id }));
  await runtime.uploader.discardUnfinished(record);
});
