import { Permission, allowsDownload, hasPermission, parseShareAttributes, shareTypesOf } from '@cumulus/sdk';
import type { Node, ScopedEvents, SidebarTab, Translate } from '@cumulus/sdk';
import type { Share, Sharee } from './api';
import { ShareApiError, createShare, deleteShare, searchSharees, sharesOf, updateShare } from './api';
import { ADD_ICON, COPY_ICON, LINK_ICON, MORE_ICON, SEARCH_ICON, SHARING_ICON } from './icons';
import { injectSharingStyles } from './sharingStyles';
import { withFreshShareTypes } from './shareTypesRefresh';
import type { Choice } from './shareChoices';
import { LINK_CHOICES, USER_CHOICES, USER_PERMISSIONS, linkChoiceOf, userChoiceOf } from './shareChoices';

/** The tab's id, which the row indicator and the share button open. */
export const SHARING_TAB_ID = 'sharing';

const USER = 0;
const LINK = 3;

/** How long a changed expiry date waits for more typing before it is saved (ms). */
const EXPIRY_PAUSE_MS = 600;

/** Numbers the sharee suggestion lists, for unique ids when several tabs are mounted. */
let shareeLists = 0;
/** Numbers the shares' rows and options areas, for the ids their toggles point at. */
let controls = 0;
/**
 * The shares whose options area is open. It outlives a mount: a change of the node's share
 * types mounts the tab again, and the link or user just added keeps its options in view.
 */
const openOptions = new Set<string>();

/**
 * Messages of each share, shown under its row: the confirmation of a saved password, expiry
 * or note, or the server's reason for a refused change. Kept across a re-render of the tab;
 * cleared by the share's next change and by a new mount.
 */
const notices = new Map<string, { text: string; error: boolean }>();


function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (Node | globalThis.Node | string)[]): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  for (const child of children) el.append(child as globalThis.Node | string);
  return el;
}

/** An SVG icon string in a span hidden from assistive technology (the control around it carries the name). */
function iconOf(svg: string): HTMLSpanElement {
  const icon = element('span', { className: 'sharing-icon', innerHTML: svg });
  icon.setAttribute('aria-hidden', 'true');
  return icon;
}

/** A round button showing only an icon, named by `label` (its tooltip too). */
function iconButton(svg: string, label: string): HTMLButtonElement {
  const button = element('button', { type: 'button', className: 'files-icon-button', title: label }, iconOf(svg));
  button.setAttribute('aria-label', label);
  return button;
}

/** The first letter of a name, for a user's avatar. */
function initialOf(name: string): string {
  return [...name.trim()][0] ?? '?';
}

/** A share's round avatar: a user's initial, or the link icon on the primary colour; decorative. */
function avatarOf(content: string, isIcon = false): HTMLSpanElement {
  const avatar = element('span', { className: `sharing-avatar${isIcon ? ' sharing-avatar--link' : ''}` });
  if (isIcon) avatar.innerHTML = content;
  else avatar.textContent = content;
  avatar.setAttribute('aria-hidden', 'true');
  return avatar;
}

/** A labelled group of an options area: a caption over its controls (the controls keep their own names). */
function field(label: string, ...controls: HTMLElement[]): HTMLDivElement {
  const caption = element('span', { className: 'sharing-field__label', textContent: label });
  caption.setAttribute('aria-hidden', 'true');
  return element('div', { className: 'sharing-field' }, caption, element('div', { className: 'sharing-field__controls' }, ...controls));
}

function checkbox(label: string, checked: boolean, onChange: (checked: boolean) => void, disabled = false): HTMLLabelElement {
  const input = element('input', { type: 'checkbox', checked, disabled });
  input.addEventListener('change', () => onChange(input.checked));
  return element('label', { className: 'sharing-option' }, input, ` ${label}`);
}

/** What tells a control apart from its siblings: tag, type, names and text (a re-render makes new elements). */
function controlKey(control: Element): string {
  return [control.tagName, control.getAttribute('type'), control.getAttribute('aria-label'), control.getAttribute('title'), control.closest('label')?.textContent, control.textContent].join('\n');
}

/** Where the keyboard focus was inside `root`: the focused control's key and its rank among controls with that key. */
function focusInside(root: HTMLElement): { key: string; rank: number } | null {
  const focused = document.activeElement;
  if (focused === null || focused === root || !root.contains(focused)) return null;
  const key = controlKey(focused);
  return { key, rank: [...root.querySelectorAll('*')].filter((candidate) => controlKey(candidate) === key).indexOf(focused) };
}

/**
 * Puts the focus back on the re-rendered control that stands for the one focused before (the
 * same rank among the same key, else the first with the key), or on the first button when that
 * control is gone (a deleted link): a keyboard user keeps their place instead of the page's top.
 */
function restoreFocus(root: HTMLElement, before: { key: string; rank: number } | null): void {
  if (before === null) return;
  const same = [...root.querySelectorAll<HTMLElement>('*')].filter((candidate) => controlKey(candidate) === before.key);
  (same[before.rank] ?? same[0] ?? root.querySelector('button'))?.focus();
}

/** The date part of `YYYY-MM-DD 00:00:00`. */
function dateOf(expiration: string | null): string {
  return expiration ? expiration.slice(0, 10) : '';
}

/** Whether two lists of share types hold the same types. */
function sameTypes(a: number[], b: number[]): boolean {
  const sorted = (types: number[]) => [...new Set(types)].sort((x, y) => x - y).join(',');
  return sorted(a) === sorted(b);
}

/** The download attribute of a user share (protocol §2.2 `attributes`). */
function downloadAttribute(allowed: boolean): string {
  return JSON.stringify([{ scope: 'permissions', key: 'download', value: allowed }]);
}

/**
 * The Sharing tab of the details sidebar: the node's links (create, copy, permission choice,
 * password, expiry, note, hide download, delete) and user shares (add with sharee
 * autocomplete, the View only / Can edit choice, permissions, 'Allow download', remove). Offered on nodes with share
 * permission. After a change of the node's share types it tells the app
 * ('files:node:updated'), so its row indicator and the share button follow.
 */
export function sharingTab(t: Translate, events?: Pick<ScopedEvents, 'emit'>): SidebarTab {
  return {
    id: SHARING_TAB_ID,
    name: t('Sharing'),
    icon: SHARING_ICON,
    order: 10,
    enabled: (node) => hasPermission(node.permissions, Permission.SHARE) && node.path !== '/',
    mount(el, { nodes: [node], signal }) {
      injectSharingStyles();
      let disposed = false;
      let shares: Share[] = [];
      const status = element('p', { className: 'sharing-status' });
      status.setAttribute('role', 'status');
      const isFolder = node.type === 'folder';
      notices.clear();
      /** The notice line of each share on screen, by share id (the last render's). */
      const noticeLines = new Map<string, HTMLParagraphElement>();

      /** Shows `text` under the share's row: a confirmation, or (`error`) a refusal announced at once. */
      const showNotice = (id: string, text: string, error: boolean): void => {
        notices.set(id, { text, error });
        const line = noticeLines.get(id);
        if (line) fillNotice(line, id);
      };
      const fillNotice = (line: HTMLParagraphElement, id: string): void => {
        const notice = notices.get(id);
        line.textContent = notice?.text ?? '';
        line.hidden = notice === undefined;
        line.className = `sharing-notice${notice?.error ? ' sharing-notice--error' : ''}`;
        line.setAttribute('role', notice?.error ? 'alert' : 'status');
      };

      /**
       * Runs a change, then shows the shares again. With `about`, the change is that share's:
       * its reason when refused (the server's message) and `done` when it worked show under
       * its row; else a refusal shows in the tab's status line.
       */
      const run = async (work: () => Promise<unknown>, changes = true, about?: { share: string; done?: string }): Promise<void> => {
        status.textContent = '';
        if (about) notices.delete(about.share);
        const before = new Set(shares.map((share) => share.id));
        try {
          await work();
          if (about?.done) notices.set(about.share, { text: about.done, error: false });
          // The tab taken back (ctx.signal) cancels the listing still on its way.
          shares = await sharesOf(node.path, signal);
          // A link or user just added opens its options; a share that went forgets its state.
          const now = new Set(shares.map((share) => share.id));
          for (const id of before) if (!now.has(id)) openOptions.delete(id);
          if (changes) for (const id of now) if (!before.has(id)) openOptions.add(id);
        } catch (error) {
          if (disposed || signal.aborted) return;
          const message = error instanceof ShareApiError ? error.message : t('The sharing information could not be loaded');
          if (about && shares.some((share) => share.id === about.share)) notices.set(about.share, { text: message, error: true });
          else status.textContent = message;
        }
        if (disposed) return;
        // The render replaces every control, the focused one too.
        const focused = focusInside(el);
        render();
        restoreFocus(el, focused);
        // The app then shows the node again (its row, the share button, this tab): only when its share types changed, as that mounts this tab again.
        if (changes && events) {
          withFreshShareTypes(node).then(
            (updated) => {
              if (!disposed && !sameTypes(shareTypesOf(updated), shareTypesOf(node))) events.emit('files:node:updated', { node: updated });
            },
            (error: unknown) => console.error('Sharing: the share types could not be read again', error),
          );
        }
      };

      /** A share's row: avatar, name (and more), the row's buttons, then its options area, open or closed. */
      const entry = (share: Share, className: string, avatar: HTMLElement, main: HTMLElement[], buttons: HTMLElement[], options: HTMLElement[]): HTMLLIElement => {
        const open = openOptions.has(share.id);
        const id = ++controls;
        const name = main[0];
        if (name) name.id = `sharing-name-${id}`;
        // The quick permission choice says whose it is.
        for (const control of main) if (name && control.classList.contains('sharing-choice')) control.setAttribute('aria-describedby', name.id);
        const notice = element('p');
        noticeLines.set(share.id, notice);
        fillNotice(notice, share.id);
        const panel = element('div', { className: 'sharing-options', id: `sharing-options-${id}`, hidden: !open }, ...options);
        const toggle = iconButton(MORE_ICON, t('Options'));
        toggle.setAttribute('aria-expanded', String(open));
        toggle.setAttribute('aria-controls', panel.id);
        if (name) toggle.setAttribute('aria-describedby', name.id);
        const item = element('li', { className: `${className} sharing-entry${open ? ' sharing-entry--open' : ''}` });
        toggle.addEventListener('click', () => {
          const opening = toggle.getAttribute('aria-expanded') !== 'true';
          if (opening) openOptions.add(share.id);
          else openOptions.delete(share.id);
          panel.hidden = !opening;
          toggle.setAttribute('aria-expanded', String(opening));
          item.classList.toggle('sharing-entry--open', opening);
        });
        item.append(element('div', { className: 'sharing-entry__row' }, avatar, element('div', { className: 'sharing-entry__main' }, ...main), ...buttons, toggle), notice, panel);
        return item;
      };

      /** Opens a share's options area (the 'Custom permissions' choice leads there). */
      const openOptionsOf = (item: HTMLElement): void => {
        const toggle = item.querySelector<HTMLButtonElement>('.sharing-entry__row > [aria-expanded]');
        if (toggle?.getAttribute('aria-expanded') === 'false') toggle.click();
      };

      /**
       * A share's quick permission choice: a select of `choices`, the share's own selected, and
       * 'Custom permissions' when its permissions match none (or, with `onCustom`, always:
       * picking it calls `onCustom`). Picking a choice sets its permissions.
       */
      const choiceSelect = (share: Share, choices: readonly Choice[], current: Choice | null, onCustom?: (select: HTMLSelectElement) => void): HTMLSelectElement => {
        const select = element('select', { className: 'files-text-field sharing-choice' });
        select.setAttribute('aria-label', t('Permissions'));
        choices.forEach((choice, index) => {
          // i18n-dynamic: the labels are marked in LINK_CHOICES and USER_CHOICES.
          select.append(element('option', { value: String(index), textContent: t(choice.label), selected: choice === current }));
        });
        if (current === null || onCustom) select.append(element('option', { value: 'custom', textContent: t('Custom permissions'), selected: current === null, disabled: !onCustom }));
        select.addEventListener('change', () => {
          const choice = choices[Number(select.value)];
          if (select.value === 'custom') onCustom?.(select);
          else if (choice) void run(() => updateShare(share.id, { permissions: choice.permissions }), true, { share: share.id });
        });
        return select;
      };

      const linkItem = (share: Share): HTMLLIElement => {
        const url = share.url ?? '';
        const copy = iconButton(COPY_ICON, t('Copy link'));
        copy.addEventListener('click', () => {
          // Without the clipboard (an insecure origin, a refusal) the address is selected for the visitor to copy.
          const copied = navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error('no clipboard'));
          copied.then(
            () => showNotice(share.id, t('Link copied'), false),
            () => {
              showNotice(share.id, t('The link could not be copied. Select it and copy it yourself.'), true);
              address.focus();
              address.select();
            },
          );
        });
        const password = element('input', { type: 'password', className: 'files-text-field', placeholder: share.password ? t('Password protected') : t('Set password'), autocomplete: 'new-password' });
        password.setAttribute('aria-label', t('Password'));
        const savePassword = element('button', { type: 'button', className: 'files-button', textContent: t('Save password') });
        savePassword.addEventListener('click', () => {
          // An empty password would remove it: that is 'Remove password', not a save.
          if (password.value === '') showNotice(share.id, t('Enter a password first'), true);
          else void run(() => updateShare(share.id, { password: password.value }), true, { share: share.id, done: t('Password saved') });
        });
        const removePassword = element('button', { type: 'button', className: 'files-button', textContent: t('Remove password'), hidden: !share.password });
        removePassword.addEventListener('click', () => void run(() => updateShare(share.id, { password: '' }), true, { share: share.id, done: t('Password removed') }));
        const expiry = element('input', { type: 'date', className: 'files-text-field', value: dateOf(share.expiration) });
        expiry.setAttribute('aria-label', t('Expiration date'));
        // A typed date changes with each digit of its year: it is saved once the typing pauses.
        let expiryTimer: ReturnType<typeof setTimeout> | undefined;
        expiry.addEventListener('change', () => {
          clearTimeout(expiryTimer);
          const value = expiry.value;
          expiryTimer = setTimeout(() => {
            if (value === dateOf(share.expiration)) return;
            void run(() => updateShare(share.id, { expireDate: value }), true, { share: share.id, done: value === '' ? t('Expiration date removed') : t('Expiration date saved') });
          }, EXPIRY_PAUSE_MS);
        });
        const note = element('textarea', { className: 'files-text-field', value: share.note, placeholder: t('Note to recipient'), rows: 2 });
        note.setAttribute('aria-label', t('Note to recipient'));
        note.addEventListener('change', () => void run(() => updateShare(share.id, { note: note.value }), true, { share: share.id, done: t('Note saved') }));
        const remove = element('button', { type: 'button', className: 'files-button sharing-danger', textContent: t('Delete share link') });
        remove.addEventListener('click', () => void run(() => deleteShare(share.id), true, { share: share.id }));
        const address = element('input', { type: 'text', className: 'sharing-entry__url', readOnly: true, value: url, title: t('Share link') });
        // An address reads left to right in every language (its end stays cut off, not its start).
        address.dir = 'ltr';
        return entry(
          share,
          'sharing-link',
          avatarOf(LINK_ICON, true),
          [element('span', { className: 'sharing-entry__name', dir: 'auto', textContent: share.label || t('Share link') }), address, choiceSelect(share, LINK_CHOICES[isFolder ? 'folder' : 'file'], linkChoiceOf(share.permissions, isFolder))],
          [copy],
          [
            element('div', { className: 'sharing-checks' },
              checkbox(t('Hide download'), share.hide_download === 1, (on) => void run(() => updateShare(share.id, { hideDownload: on ? 'true' : 'false' }), true, { share: share.id })),
            ),
            field(t('Password'), password, savePassword, removePassword),
            field(t('Expiration date'), expiry),
            field(t('Note to recipient'), note),
            remove,
          ],
        );
      };

      const userItem = (share: Share): HTMLLIElement => {
        const boxes = USER_PERMISSIONS.filter((entry) => isFolder || !entry.folderOnly).map((entry) =>
          checkbox(
            // i18n-dynamic: the labels are marked in USER_PERMISSIONS.
            t(entry.label),
            (share.permissions & entry.bit) !== 0,
            (on) => void run(() => updateShare(share.id, { permissions: on ? share.permissions | entry.bit : share.permissions & ~entry.bit }), true, { share: share.id }),
            entry.bit === Permission.READ,
          ),
        );
        const downloadable = allowsDownload(parseShareAttributes(share.attributes));
        const download = checkbox(t('Allow download'), downloadable, (on) => void run(() => updateShare(share.id, { attributes: downloadAttribute(on) }), true, { share: share.id }));
        const remove = element('button', { type: 'button', className: 'files-button sharing-danger', textContent: t('Unshare') });
        remove.addEventListener('click', () => void run(() => deleteShare(share.id), true, { share: share.id }));
        const name = share.share_with_displayname ?? share.share_with ?? '';
        const choice = choiceSelect(share, USER_CHOICES[isFolder ? 'folder' : 'file'], userChoiceOf(share.permissions, isFolder), (select) => {
          const item = select.closest<HTMLElement>('.sharing-entry');
          if (item) openOptionsOf(item);
        });
        return entry(share, 'sharing-user', avatarOf(initialOf(name)), [element('strong', { className: 'sharing-entry__name', dir: 'auto', textContent: name }), choice], [], [element('div', { className: 'sharing-checks' }, ...boxes, download), remove]);
      };

      const sharee = (): HTMLDivElement => {
        const input = element('input', { type: 'search', className: 'files-text-field', placeholder: t('Name or user ID'), autocomplete: 'off' });
        input.setAttribute('aria-label', t('Share with users'));
        input.setAttribute('role', 'combobox');
        input.setAttribute('aria-autocomplete', 'list');
        const results = element('ul', { className: 'sharing-sharees', id: `sharing-sharees-${++shareeLists}`, hidden: true });
        results.setAttribute('role', 'listbox');
        results.setAttribute('aria-label', t('Share with users'));
        // A combobox says whether its list of suggestions shows (ARIA 1.2) and which list it is.
        input.setAttribute('aria-expanded', 'false');
        input.setAttribute('aria-controls', results.id);
        const showResults = (options: HTMLElement[]): void => {
          results.replaceChildren(...options);
          results.hidden = options.length === 0;
          input.setAttribute('aria-expanded', String(options.length > 0));
        };
        const options = (): HTMLElement[] => [...results.querySelectorAll<HTMLElement>('[role=option]')];
        // Arrow keys walk from the box into the suggestions and along them; Escape closes the list.
        const step = (from: number, by: number): void => {
          const all = options();
          if (all.length === 0) return;
          const next = from + by;
          if (next < 0) input.focus();
          else all[Math.min(next, all.length - 1)]?.focus();
        };
        const keys = (event: KeyboardEvent, index: number): void => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault();
            step(index, event.key === 'ArrowDown' ? 1 : -1);
          } else if (event.key === 'Escape' && !results.hidden) {
            event.stopPropagation();
            showResults([]);
            input.focus();
          }
        };
        input.addEventListener('keydown', (event) => keys(event, -1));
        let timer: ReturnType<typeof setTimeout> | undefined;
        input.addEventListener('input', () => {
          clearTimeout(timer);
          const term = input.value.trim();
          timer = setTimeout(() => {
            if (term === '') return showResults([]);
            searchSharees(term, isFolder ? 'folder' : 'file').then(
              (found: Sharee[]) => {
                showResults(
                  found.map((hit, index) => {
                    const option = element('li', { className: 'sharing-sharee-option', tabIndex: 0 }, avatarOf(initialOf(hit.label)), element('span', { dir: 'auto', textContent: hit.label }));
                    option.setAttribute('role', 'option');
                    option.setAttribute('aria-selected', 'false');
                    const pick = (): void => void run(() => createShare({ path: node.path, shareType: USER, shareWith: hit.value.shareWith }));
                    option.addEventListener('click', pick);
                    option.addEventListener('keydown', (event) => {
                      if (event.key === 'Enter') pick();
                      else keys(event, index);
                    });
                    return option;
                  }),
                );
              },
              (error: unknown) => (status.textContent = error instanceof ShareApiError ? error.message : String(error)),
            );
          }, 250);
        });
        const icon = element('span', { className: 'sharing-sharee__icon', innerHTML: SEARCH_ICON });
        icon.setAttribute('aria-hidden', 'true');
        const wrapper = element('div', { className: 'sharing-sharee' }, icon, input, results);
        // The suggestions close when the focus leaves the box and its list (a click elsewhere, Tab on).
        wrapper.addEventListener('focusout', (event) => {
          if (!(event.relatedTarget instanceof globalThis.Node && wrapper.contains(event.relatedTarget))) showResults([]);
        });
        return wrapper;
      };

      const render = (): void => {
        const links = shares.filter((share) => share.share_type === LINK);
        const users = shares.filter((share) => share.share_type === USER);
        const create = element('button', { type: 'button', className: 'files-button sharing-create' }, iconOf(ADD_ICON), t('Create a new share link'));
        create.addEventListener('click', () => void run(() => createShare({ path: node.path, shareType: LINK })));
        const list = (items: HTMLLIElement[]): HTMLUListElement | string => (items.length > 0 ? element('ul', { className: 'sharing-list' }, ...items) : '');
        el.replaceChildren(
          element(
            'div',
            { className: 'sharing-tab' },
            element('section', { className: 'sharing-section' }, element('h3', { className: 'sharing-section__title', textContent: t('Share link') }), list(links.map(linkItem)), create),
            element('section', { className: 'sharing-section' }, element('h3', { className: 'sharing-section__title', textContent: t('Share with users') }), sharee(), list(users.map(userItem))),
            status,
          ),
        );
      };

      render();
      void run(async () => undefined, false);
      return () => {
        disposed = true;
        el.replaceChildren();
      };
    },
  };
}
