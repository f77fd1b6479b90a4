import { hash } from '@node-rs/argon2';
import { randomInt } from 'node:crypto';
import type { JsonValue, PluginFiles, PluginMount, PluginMountPlacement, PluginNode, PluginNodeChange, PluginUsers, PublicLink } from '@cumulus/server/plugin-api';
import type { ViewedNode } from './nodes';
import { NodeViews, isWithin } from './nodes';
import {
  DELETE,
  KNOWN_SHARE_TYPES,
  OcsError,
  SHARE,
  SHARE_TYPE_GROUP,
  SHARE_TYPE_LINK,
  SHARE_TYPE_USER,
  UPDATE,
  checkLabel,
  checkSharerLimit,
  downloadAllowed,
  expirationField,
  isExpired,
  isTokenShaped,
  linkPermissions,
  newToken,
  numberedName,
  parseAttributes,
  parseBool,
  parseExpireDate,
  parsePermissions,
  today,
  userPermissions,
} from './rules';
import type { ShareRow, ShareStore } from './store';

type Input = Readonly<Record<string, unknown>>;

/** The fields `PUT /shares/{id}` knows (protocol §2.4). */
const UPDATE_FIELDS = ['permissions', 'password', 'sendPasswordByTalk', 'publicUpload', 'expireDate', 'note', 'label', 'hideDownload', 'attributes', 'sendMail', 'token'];

const NOT_FOUND_SHARE = 'Wrong share ID, share does not exist';
const NOT_FOUND_PATH = 'Wrong path, file/folder does not exist';

function text(value: unknown): string | undefined {
  if (value === undefined || value === null) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** The request's attributes with the download restriction of the share it reaches the node through (reshares inherit it). */
function inheritedAttributes(requested: string | null, via: ShareRow | null): string | null {
  if (!via || downloadAllowed(via.attributes)) return requested;
  const list = (requested ? (JSON.parse(requested) as { scope: string; key: string; value: unknown }[]) : []).filter((item) => !(item.scope === 'permissions' && item.key === 'download'));
  return JSON.stringify([...list, { scope: 'permissions', key: 'download', value: false }]);
}

/**
 * The share API's operations for one server: create, list, get, update, delete, each as the
 * viewer `uid` may, with the share object of protocol §2.6.
 */
export class ShareService {
  readonly views: NodeViews;

  /**
   * @param notify tells the change feed of what recipients see change without the storage
   * layer: a share landing in, leaving or moving in their tree, its permissions changing
   */
  constructor(
    private readonly store: ShareStore,
    private readonly files: PluginFiles,
    private readonly users: PluginUsers,
    private readonly notify: (changes: PluginNodeChange[]) => Promise<void> = async () => undefined,
  ) {
    this.views = new NodeViews(files, store);
  }

  /** The recipient's change for a user share landing in (or changing in) their tree, at its mount path. */
  private async landed(share: ShareRow, properties = false): Promise<void> {
    if (share.share_type !== SHARE_TYPE_USER || !share.share_with || share.file_target === null) return;
    const node = await this.files.getById(share.uid_file_owner, share.file_source);
    if (!node) return;
    await this.notify([{ uid: share.share_with, path: share.file_target, fileid: node.fileid, type: node.type, etag: node.etag, ...(properties ? { properties: true as const } : {}) }]);
  }

  /** Deletes shares, and tells each recipient of a user share that it left their tree. */
  private async drop(shares: readonly ShareRow[]): Promise<void> {
    if (shares.length === 0) return;
    await this.store.delete(shares.map((share) => share.id));
    const gone: PluginNodeChange[] = [];
    for (const share of shares) {
      if (share.share_type !== SHARE_TYPE_USER || !share.share_with || share.file_target === null) continue;
      gone.push({ uid: share.share_with, path: share.file_target, fileid: share.file_source, type: share.item_type, etag: null });
    }
    if (gone.length > 0) await this.notify(gone);
  }

  /** `POST /shares`. */
  async create(uid: string, input: Input, origin: string): Promise<JsonValue> {
    const path = text(input.path);
    if (path === undefined || path === '') throw new OcsError(404, 'Please specify a file or folder path');
    const viewed = await this.views.resolve(uid, path);
    if (!viewed) throw new OcsError(404, NOT_FOUND_PATH);
    const { node } = viewed;
    const shareType = Number(text(input.shareType));
    if (!Number.isInteger(shareType) || !KNOWN_SHARE_TYPES.has(shareType)) throw new OcsError(400, 'Unknown share type');
    if (viewed.via === null && node.path === '/') throw new OcsError(403, 'You cannot share your root folder');
    if (parseBool(input.sendPasswordByTalk) === true) throw new OcsError(403, 'Sharing sending the password by Nextcloud Talk failed because Nextcloud Talk is not enabled');
    const isFolder = node.type === 'folder';
    const requested = parsePermissions(input.permissions);
    const expiration = parseExpireDate(input.expireDate, today()) ?? null;
    const attributes = inheritedAttributes(input.attributes === undefined || input.attributes === null ? null : parseAttributes(input.attributes), viewed.via);
    const note = text(input.note) ?? '';
    const base = { uid_owner: uid, uid_file_owner: viewed.owner, file_source: node.fileid, item_type: node.type, stime: Math.floor(Date.now() / 1000), expiration, note, attributes, hide_download: 0, mail_send: parseBool(input.sendMail) === true ? 1 : 0 };

    if (shareType === SHARE_TYPE_USER) {
      const shareWith = text(input.shareWith) ?? '';
      const recipient = shareWith === '' ? null : await this.users.get(shareWith);
      if (!recipient) throw new OcsError(404, 'Please specify a valid account to share with');
      const permissions = userPermissions(requested, isFolder);
      checkSharerLimit(permissions, viewed.permissions, node.name);
      if (recipient.uid === uid) throw new OcsError(403, 'Cannot share with yourself');
      if (recipient.uid === viewed.owner) throw new OcsError(403, 'Cannot share with the share owner');
      // A second share of the node with the same account answers with the existing one.
      const existing = (await this.store.ofNodes(viewed.owner, [node.fileid])).find((share) => share.share_type === SHARE_TYPE_USER && share.share_with === recipient.uid);
      if (existing) return this.format(uid, existing, origin);
      const target = await this.freeTarget(recipient.uid, node.name);
      const share = await this.store.insert({ ...base, share_type: SHARE_TYPE_USER, share_with: recipient.uid, permissions, token: null, password: null, label: '', file_target: target });
      await this.landed(share);
      return this.format(uid, share, origin);
    }
    if (shareType === SHARE_TYPE_LINK) {
      const permissions = linkPermissions(requested, parseBool(input.publicUpload), isFolder);
      checkSharerLimit(permissions, viewed.permissions, node.name);
      const label = checkLabel(input.label);
      const password = text(input.password);
      const share = await this.store.insert({
        ...base,
        share_type: SHARE_TYPE_LINK,
        share_with: null,
        permissions,
        token: await this.freeToken(),
        password: password ? await hash(password) : null,
        label,
        file_target: null,
      });
      return this.format(uid, share, origin);
    }
    if (shareType === SHARE_TYPE_GROUP) throw new OcsError(404, 'Group sharing is disabled by the administrator');
    throw new OcsError(403, `Sharing ${node.name} failed because the back end does not allow shares from type ${shareType}`);
  }

  /** `GET /shares`. */
  async list(uid: string, input: Input, origin: string): Promise<JsonValue[]> {
    const path = text(input.path);
    const viewed = path === undefined || path === '' ? null : await this.views.resolve(uid, path);
    if (path !== undefined && path !== '' && !viewed) throw new OcsError(404, NOT_FOUND_PATH);
    let shares: ShareRow[];
    if (parseBool(input.shared_with_me) === true) {
      shares = (await this.views.received(uid)).filter((share) => share.uid_owner !== uid && (!viewed || (share.uid_file_owner === viewed.owner && share.file_source === viewed.node.fileid)));
    } else if (viewed) {
      let nodes: PluginNode[] = [viewed.node];
      if (parseBool(input.subfiles) === true) {
        if (viewed.node.type !== 'folder') throw new OcsError(400, 'Not a directory');
        nodes = await this.files.list(viewed.owner, viewed.node.path);
      }
      const all = parseBool(input.reshares) === true && (viewed.permissions & SHARE) !== 0;
      shares = (await this.store.ofNodes(viewed.owner, nodes.map((node) => node.fileid))).filter((share) => share.share_with !== uid && (share.uid_owner === uid || all));
    } else {
      shares = (await this.store.createdBy(uid)).filter((share) => share.share_with !== uid);
    }
    const out: JsonValue[] = [];
    for (const share of shares) {
      const formatted = await this.formatLive(uid, share, origin);
      if (formatted) out.push(formatted);
    }
    return out;
  }

  /** `GET /shares/{id}`: a list of one. */
  async get(uid: string, id: string, origin: string): Promise<JsonValue[]> {
    const share = await this.visible(uid, id);
    const formatted = await this.formatLive(uid, share, origin);
    if (!formatted) throw new OcsError(404, NOT_FOUND_SHARE);
    return [formatted];
  }

  /** `PUT /shares/{id}`. */
  async update(uid: string, id: string, input: Input, origin: string): Promise<JsonValue> {
    if (!UPDATE_FIELDS.some((field) => input[field] !== undefined)) throw new OcsError(400, 'Wrong or no update parameter given');
    const share = await this.visible(uid, id);
    if (share.uid_owner !== uid && share.uid_file_owner !== uid) throw new OcsError(403, 'You are not allowed to edit incoming shares');
    const node = await this.files.getById(share.uid_file_owner, share.file_source);
    if (!node) throw new OcsError(404, NOT_FOUND_SHARE);
    if (input.token !== undefined) throw new OcsError(403, 'Custom share link tokens have been disabled by the administrator');
    if (parseBool(input.sendPasswordByTalk) === true) throw new OcsError(403, 'Sharing sending the password by Nextcloud Talk failed because Nextcloud Talk is not enabled');
    const isLink = share.share_type === SHARE_TYPE_LINK;
    const isFolder = node.type === 'folder';
    const changes: Partial<Omit<ShareRow, 'id'>> = {};
    const requested = parsePermissions(input.permissions);
    const publicUpload = isLink ? parseBool(input.publicUpload) : undefined;
    if (requested !== undefined || publicUpload !== undefined) {
      const permissions = isLink ? linkPermissions(requested ?? (publicUpload === undefined ? share.permissions : undefined), publicUpload, isFolder) : userPermissions(requested, isFolder);
      const sharer = await this.views.view(share.uid_owner, share.uid_file_owner, node);
      checkSharerLimit(permissions, sharer?.permissions ?? 0, node.name);
      changes.permissions = permissions;
    }
    const expiration = parseExpireDate(input.expireDate, today());
    if (expiration !== undefined || input.expireDate === null) changes.expiration = expiration ?? null;
    if (input.note !== undefined) changes.note = text(input.note) ?? '';
    if (input.attributes !== undefined && input.attributes !== null) {
      const sharer = await this.views.view(share.uid_owner, share.uid_file_owner, node);
      changes.attributes = inheritedAttributes(parseAttributes(input.attributes), sharer?.via ?? null);
    }
    const sendMail = parseBool(input.sendMail);
    if (sendMail !== undefined) changes.mail_send = sendMail ? 1 : 0;
    if (isLink) {
      if (input.password !== undefined) {
        const password = text(input.password) ?? '';
        changes.password = password === '' ? null : await hash(password);
      }
      if (input.label !== undefined) changes.label = checkLabel(input.label);
      const hideDownload = parseBool(input.hideDownload);
      if (hideDownload !== undefined) changes.hide_download = hideDownload ? 1 : 0;
    }
    await this.store.update(share.id, changes);
    // The recipient's view of the share root shows its permissions and attributes.
    if (changes.permissions !== undefined || changes.attributes !== undefined || changes.expiration !== undefined) await this.landed({ ...share, ...changes }, true);
    return this.format(uid, { ...share, ...changes }, origin);
  }

  /** `DELETE /shares/{id}`: the sharer and the file owner delete it, the recipient of a user share unshares it. */
  async delete(uid: string, id: string): Promise<void> {
    const share = await this.visible(uid, id);
    const allowed = share.uid_owner === uid || share.uid_file_owner === uid || (share.share_type === SHARE_TYPE_USER && share.share_with === uid);
    if (!allowed) throw new OcsError(403, 'Could not delete share');
    await this.remove(share);
  }

  /** Deletes a share and, for a user share, the reshares its recipient made of nodes inside it. */
  async remove(share: ShareRow): Promise<void> {
    const doomed = [share];
    if (share.share_type === SHARE_TYPE_USER && share.share_with) {
      const root = await this.files.getById(share.uid_file_owner, share.file_source);
      for (const reshare of await this.store.createdBy(share.share_with)) {
        if (reshare.uid_file_owner !== share.uid_file_owner) continue;
        const node = await this.files.getById(reshare.uid_file_owner, reshare.file_source);
        if (!root || !node || isWithin(node.path, root.path)) doomed.push(reshare);
      }
    }
    await this.drop(doomed);
  }

  /**
   * The received user shares of `uid` as mounts of their tree (mount type `shared`, the
   * granted permissions only): renaming or moving the root changes where it appears for
   * them alone; deleting it unshares it from them.
   */
  async mountsOf(uid: string): Promise<PluginMount[]> {
    return (await this.views.received(uid))
      .filter((share) => share.file_target !== null && share.uid_file_owner !== uid)
      .map((share) => ({
        path: share.file_target ?? '',
        owner: share.uid_file_owner,
        fileid: share.file_source,
        permissions: share.permissions,
        mountType: 'shared',
        attributes: share.attributes ?? '[]',
        moved: async (to: string) => {
          await this.store.update(share.id, { file_target: to });
          const node = await this.files.getById(share.uid_file_owner, share.file_source);
          if (node && share.file_target !== null) await this.notify([{ uid, path: to, from: share.file_target, fileid: node.fileid, type: node.type, etag: node.etag }]);
        },
        unmounted: () => this.remove(share),
      }));
  }

  /** Where nodes of `owner`'s tree are mounted for the recipients of its user shares (the reverse of {@link mountsOf}). */
  async placementsOf(owner: string): Promise<PluginMountPlacement[]> {
    const now = today();
    return (await this.store.ofFileOwner(owner))
      .filter((share) => share.share_type === SHARE_TYPE_USER && share.share_with !== null && share.share_with !== owner && share.file_target !== null && !isExpired(share.expiration, now))
      .map((share) => ({ uid: share.share_with ?? '', path: share.file_target ?? '', fileid: share.file_source }));
  }

  /**
   * The public link of `token`: a link share that has not expired, whose node exists and whose
   * sharer still may share it (else null: the server answers 404). Tokens not of the shape
   * this server hands out are not looked up.
   */
  async publicLink(token: string): Promise<PublicLink | null> {
    if (!isTokenShaped(token)) return null;
    const share = await this.store.byToken(token);
    if (!share || share.share_type !== SHARE_TYPE_LINK || isExpired(share.expiration, today())) return null;
    const node = await this.files.getById(share.uid_file_owner, share.file_source);
    const sharer = node ? await this.views.view(share.uid_owner, share.uid_file_owner, node) : null;
    if (!node || !sharer || (sharer.permissions & SHARE) === 0) return null;
    return {
      owner: share.uid_file_owner,
      fileid: share.file_source,
      permissions: share.permissions & ~SHARE,
      attributes: share.attributes ?? '[]',
      hideDownload: share.hide_download === 1,
      passwordHash: share.password,
      label: share.label,
      note: share.note,
    };
  }

  /** Drops the shares of the owner's nodes that no longer exist (after a delete). */
  async forgetMissing(fileOwner: string): Promise<void> {
    const gone: ShareRow[] = [];
    for (const share of await this.store.ofFileOwner(fileOwner)) {
      if (!(await this.files.getById(fileOwner, share.file_source))) gone.push(share);
    }
    await this.drop(gone);
  }

  /** The share `id` if `uid` may see it (its sharer, its file owner, its recipient), else 404. */
  private async visible(uid: string, id: string): Promise<ShareRow> {
    const number = /^\d{1,15}$/.test(id) ? Number(id) : Number.NaN;
    const share = Number.isSafeInteger(number) ? await this.store.get(number) : null;
    if (!share || (share.uid_owner !== uid && share.uid_file_owner !== uid && share.share_with !== uid)) throw new OcsError(404, NOT_FOUND_SHARE);
    if (isExpired(share.expiration, today())) {
      await this.drop([share]);
      throw new OcsError(404, NOT_FOUND_SHARE);
    }
    return share;
  }

  /** A fresh link token. */
  private async freeToken(): Promise<string> {
    for (;;) {
      const token = newToken(randomInt);
      if (!(await this.store.byToken(token))) return token;
    }
  }

  /** Where a new share of `name` lands in the recipient's root: `/name`, else `/name (2)`, … */
  private async freeTarget(recipient: string, name: string): Promise<string> {
    const taken = new Set((await this.store.receivedBy(recipient)).map((share) => share.file_target));
    for (let n = 1; ; n += 1) {
      const target = `/${n === 1 ? name : numberedName(name, n)}`;
      if (!taken.has(target) && !(await this.files.stat(recipient, target))) return target;
    }
  }

  /** The share object, or null when it expired or its node is gone (then the share is dropped). */
  private async formatLive(uid: string, share: ShareRow, origin: string): Promise<JsonValue | null> {
    if (isExpired(share.expiration, today())) {
      await this.drop([share]);
      return null;
    }
    try {
      return await this.format(uid, share, origin);
    } catch (error) {
      if (error instanceof OcsError && error.status === 404) return null;
      throw error;
    }
  }

  /** The share object of protocol §2.6, as `uid` sees it. */
  async format(uid: string, share: ShareRow, origin: string): Promise<JsonValue> {
    const node = await this.files.getById(share.uid_file_owner, share.file_source);
    if (!node) {
      await this.drop([share]);
      throw new OcsError(404, NOT_FOUND_SHARE);
    }
    const viewed: ViewedNode | null = await this.views.view(uid, share.uid_file_owner, node);
    const parent = node.path === '/' ? null : await this.files.stat(share.uid_file_owner, node.path.slice(0, node.path.lastIndexOf('/')) || '/');
    const sharer = await this.users.get(share.uid_owner);
    const fileOwner = await this.users.get(share.uid_file_owner);
    const recipient = share.share_with ? await this.users.get(share.share_with) : null;
    const canEdit = share.uid_owner === uid || share.uid_file_owner === uid;
    const canDelete = canEdit || share.share_with === uid;
    const isRecipient = share.share_type === SHARE_TYPE_USER && share.share_with === uid;
    const path = isRecipient ? share.file_target ?? '' : viewed?.viewerPath ?? '';
    const itemPermissions = uid === share.uid_file_owner && viewed ? viewed.permissions : share.permissions | (canDelete ? DELETE : 0) | (canEdit ? UPDATE : 0);
    const isLink = share.share_type === SHARE_TYPE_LINK;
    const inShare = isRecipient || (viewed?.via ?? null) !== null;
    return {
      id: String(share.id),
      share_type: share.share_type,
      uid_owner: share.uid_owner,
      displayname_owner: sharer?.displayName ?? share.uid_owner,
      permissions: share.permissions,
      can_edit: canEdit,
      can_delete: canDelete,
      stime: share.stime,
      parent: null,
      expiration: expirationField(share.expiration),
      token: share.token,
      uid_file_owner: share.uid_file_owner,
      note: share.note,
      label: share.label,
      displayname_file_owner: fileOwner?.displayName ?? share.uid_file_owner,
      path,
      item_type: node.type,
      item_permissions: itemPermissions,
      'is-mount-root': isRecipient || (viewed?.via ? viewed.via.file_source === node.fileid : false),
      'mount-type': inShare ? 'shared' : '',
      mimetype: node.mime,
      has_preview: node.type === 'file' && node.mime.startsWith('image/'),
      storage_id: `home::${share.uid_file_owner}`,
      storage: 1,
      item_source: node.fileid,
      file_source: node.fileid,
      file_parent: parent?.fileid ?? node.fileid,
      file_target: share.file_target ?? `/${node.name}`,
      item_size: node.size,
      item_mtime: node.mtime,
      share_with: isLink ? share.password : share.share_with,
      share_with_displayname: isLink ? '(Shared link)' : recipient?.displayName ?? share.share_with,
      ...(share.share_type === SHARE_TYPE_USER ? { share_with_displayname_unique: share.share_with ?? '' } : {}),
      ...(isLink ? { password: share.password, send_password_by_talk: false, url: `${origin}/index.php/s/${share.token ?? ''}` } : {}),
      mail_send: share.mail_send,
      hide_download: share.hide_download,
      attributes: share.attributes,
    };
  }
}
