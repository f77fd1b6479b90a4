import { createAction } from '@reduxjs/toolkit';
import type { FolderNode, Node } from '@cumulus/sdk';

/** A folder of a view was listed (product §4 "List loading": stores nodes, children and folder path). */
export const folderLoaded = createAction<{ view: string; dir: string; folder: FolderNode; contents: Node[] }>('folder/loaded');

/**
 * The first part of a folder's listing arrived while the rest is still on its
 * way: the list shows these rows, loading stays on until `folderLoaded`.
 */
export const folderPartlyLoaded = createAction<{ view: string; dir: string; folder: FolderNode; contents: Node[] }>('folder/partlyLoaded');

/**
 * A listing of the folder kept from an earlier visit (the listing cache) is
 * shown while it is checked against the folder's ETag: listed, with that
 * ETag held, loading still on (`folderLoadConfirmed` or `folderLoaded` ends it).
 */
export const folderRestored = createAction<{ view: string; dir: string; folder: FolderNode; contents: Node[] }>('folder/restored');

/** The current folder should be listed again (reload action, after an upload or a change of the folder node). */
export const folderReloadRequested = createAction('folder/reloadRequested');
