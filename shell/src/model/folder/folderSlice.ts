import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { isFolder } from '@cumulus/sdk';
import { folderLoaded, folderPartlyLoaded, folderRestored } from '../base/folderActions';
import type { LoadError } from './loadError';

/** The state of the folder listing: which folder source each path of each view is, and how loading went. */
export interface FolderState {
  /** Folder source by view id, then by path in the view (product §4: "registers sub-folder paths"). */
  paths: Record<string, Record<string, string>>;
  /** A listing is under way. */
  loading: boolean;
  /** The last listing failed; cleared when the next one starts. */
  error: LoadError | null;
  /** The view and path the list shows or is loading, as `view:path`. */
  current: string | null;
  /** The route names a view no plugin has registered yet: the listing waits for it. */
  waitingForView: boolean;
  /**
   * The `view:path` keys listed at least once. A sub-folder is known (in
   * `paths`) from its parent's listing before its own contents are: only a
   * listed folder has contents to show while it is refreshed.
   */
  listed: Record<string, true>;
  /**
   * The folder's ETag as its last listing gave it, by `view:path`: what the
   * held contents are current for. (The folder's node in the store can be
   * newer: its parent's listing replaces it.)
   */
  listedEtags: Record<string, string>;
}

const initialState: FolderState = { paths: {}, loading: false, error: null, current: null, waitingForView: false, listed: {}, listedEtags: {} };

/** The key of a folder in a view, as kept in `current`. */
export const folderKey = (view: string, dir: string): string => `${view}:${dir}`;

/** Folder listing: paths, loading and error (product §4 "List loading"). */
export const folderSlice = createSlice({
  name: 'folder',
  initialState,
  reducers: {
    /** A listing started: loading on, error cleared. */
    folderLoadStarted: (state, action: PayloadAction<{ view: string; dir: string }>) => {
      state.loading = true;
      state.error = null;
      state.waitingForView = false;
      state.current = folderKey(action.payload.view, action.payload.dir);
    },
    /** The route's view is not registered yet: loading until a plugin registers it. */
    folderViewAwaited: (state, action: PayloadAction<{ view: string; dir: string }>) => {
      state.loading = true;
      state.error = null;
      state.waitingForView = true;
      state.current = folderKey(action.payload.view, action.payload.dir);
    },
    /** A listing failed with `error`; loading off. */
    folderLoadFailed: (state, action: PayloadAction<{ view: string; dir: string; error: LoadError }>) => {
      if (state.current !== folderKey(action.payload.view, action.payload.dir)) return;
      state.loading = false;
      state.waitingForView = false;
      state.error = action.payload.error;
    },
    /**
     * The folder's ETag on the server is the one of the listing the store holds: that
     * listing is current, so it stays as it is (nothing re-listed); loading off.
     */
    folderLoadConfirmed: (state, action: PayloadAction<{ view: string; dir: string }>) => {
      if (state.current !== folderKey(action.payload.view, action.payload.dir)) return;
      state.loading = false;
      state.error = null;
    },
    /** A listing was cancelled because another one replaced it. */
    folderLoadCancelled: (state, action: PayloadAction<{ view: string; dir: string }>) => {
      if (state.current === folderKey(action.payload.view, action.payload.dir)) state.loading = false;
    },
  },
  extraReducers: (builder) => {
    /**
     * Rows of the folder are shown while loading goes on: its first rows
     * (`folderPartlyLoaded`, no ETag held for them, so going back lists the
     * folder again unless its whole listing arrived meanwhile) or a kept
     * listing (`folderRestored`, held with its ETag, which is checked next).
     */
    const shownWhileLoading = (state: FolderState, action: ReturnType<typeof folderPartlyLoaded | typeof folderRestored>, etag: string | undefined): void => {
      const { view, dir, folder, contents } = action.payload;
      if (state.current !== folderKey(view, dir)) return;
      const paths = (state.paths[view] ??= {});
      paths[dir] = folder.source;
      state.listed[folderKey(view, dir)] = true;
      if (etag === undefined || etag === '') delete state.listedEtags[folderKey(view, dir)];
      else state.listedEtags[folderKey(view, dir)] = etag;
      for (const node of contents) {
        if (isFolder(node)) paths[node.path] = node.source;
      }
    };
    builder.addCase(folderPartlyLoaded, (state, action) => shownWhileLoading(state, action, undefined));
    builder.addCase(folderRestored, (state, action) => shownWhileLoading(state, action, action.payload.folder.attributes.etag));
    builder.addCase(folderLoaded, (state, action) => {
      const { view, dir, folder, contents } = action.payload;
      const paths = (state.paths[view] ??= {});
      paths[dir] = folder.source;
      state.listed[folderKey(view, dir)] = true;
      const etag = folder.attributes.etag;
      if (etag === undefined || etag === '') delete state.listedEtags[folderKey(view, dir)];
      else state.listedEtags[folderKey(view, dir)] = etag;
      for (const node of contents) {
        if (isFolder(node)) paths[node.path] = node.source;
      }
      if (state.current === folderKey(view, dir)) {
        state.loading = false;
        state.error = null;
      }
    });
  },
});

export const { folderLoadStarted, folderViewAwaited, folderLoadFailed, folderLoadConfirmed, folderLoadCancelled } = folderSlice.actions;
