import type { FileEntry } from './types';

/**
 * Someone told of changes to users' trees (the plugin host adapts plugins' node hooks to
 * this). `deleting` may take a delete over by answering true.
 */
/** Who deletes a node and where they see it. */
export interface DeletedBy {
  /** The user who deletes (the owner, a share's recipient, '' for a public link's visitor). */
  deletedBy: string;
  /** The node's path in the deleter's tree (the owner's path, or through the mount of a received share). */
  path: string;
}

/** Who replaces a file's content. */
export interface ReplacedBy {
  /** The user who writes (the owner, a share's recipient, '' for a public link's visitor). */
  by: string;
}

export interface NodeEventListener {
  created?(uid: string, entry: FileEntry): void | Promise<void>;
  changed?(uid: string, entry: FileEntry): void | Promise<void>;
  deleting?(uid: string, entry: FileEntry, by: DeletedBy): boolean | Promise<boolean>;
  deleted?(uid: string, entry: FileEntry): void | Promise<void>;
  /**
   * The content of the existing file `entry` is about to be replaced (a write over it, or a
   * COPY/MOVE onto it); `by` is who replaces it. A listener that fails fails the replacement.
   */
  replacing?(uid: string, entry: FileEntry, by: ReplacedBy): void | Promise<void>;
  /** A COPY/MOVE put the node `entry` (another file id) where the file `old` was. */
  superseded?(uid: string, old: FileEntry, entry: FileEntry): void | Promise<void>;
  moved?(uid: string, entry: FileEntry, from: string): void | Promise<void>;
  /** The node's properties changed, not its content (a PROPPATCH: favorite, dead properties, mtime). */
  propertiesChanged?(uid: string, entry: FileEntry): void | Promise<void>;
  /**
   * `uid` marked or unmarked the node as a favorite: a change of that user's view only (the
   * entry is at the user's path, through a share when it is another user's node), never of
   * the owner's or of anyone else who sees the node.
   */
  favoriteChanged?(uid: string, entry: FileEntry): void | Promise<void>;
}

type AfterEvent = 'created' | 'changed' | 'deleted' | 'propertiesChanged' | 'favoriteChanged';

/**
 * The node events the storage layer fires. A listener that fails after the fact is reported
 * to `onError` and the change stands; a `deleting` listener that fails fails the delete.
 */
export class NodeEvents {
  private readonly listeners = new Set<{ listener: NodeEventListener }>();

  /** Where a failing after-the-fact listener is reported (the app points it at its log). */
  onError: (error: unknown) => void = (error) => console.error('A node event listener failed', error);

  /** Adds a listener; returns its removal. */
  add(listener: NodeEventListener): () => void {
    const slot = { listener };
    this.listeners.add(slot);
    return () => void this.listeners.delete(slot);
  }

  /** Tells every listener of a created, changed or deleted node, or of its properties changed. */
  emit(event: AfterEvent, uid: string, entry: FileEntry): Promise<void> {
    return this.each((listener) => listener[event]?.(uid, entry));
  }

  /** Tells every listener of a moved node. */
  moved(uid: string, entry: FileEntry, from: string): Promise<void> {
    return this.each((listener) => listener.moved?.(uid, entry, from));
  }

  /** Calls every listener, reporting (not throwing) what fails. */
  private async each(call: (listener: NodeEventListener) => void | Promise<void> | undefined): Promise<void> {
    for (const { listener } of [...this.listeners]) {
      try {
        await call(listener);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Tells every listener that a file's content is about to be replaced; the first that fails fails the replacement. */
  async replacing(uid: string, entry: FileEntry, by: ReplacedBy): Promise<void> {
    for (const { listener } of [...this.listeners]) await listener.replacing?.(uid, entry, by);
  }

  /** Tells every listener that a node took a replaced file's place. */
  superseded(uid: string, old: FileEntry, entry: FileEntry): Promise<void> {
    return this.each((listener) => listener.superseded?.(uid, old, entry));
  }

  /** Asks the listeners in turn whether one takes the delete over; the first `true` wins. */
  async takeOverDelete(uid: string, entry: FileEntry, by: DeletedBy): Promise<boolean> {
    for (const { listener } of [...this.listeners]) {
      if (await listener.deleting?.(uid, entry, by)) return true;
    }
    return false;
  }
}
