import { formatFileSize } from '@cumulus/sdk';
import type { Node, ScopedEvents, SidebarTab, Translate } from '@cumulus/sdk';
import type { Version, VersionsClient } from './versions-client';

export const VERSIONS_TAB_ID = 'versions';

const ICON = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path d="M13 3a9 9 0 0 0-9 9H1l3.9 3.9L9 12H6a7 7 0 1 1 2.05 4.95l-1.42 1.42A9 9 0 1 0 13 3zm-1 5v5l4.25 2.52.77-1.28-3.52-2.09V8z"/></svg>';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}, ...children: (globalThis.Node | string)[]): HTMLElementTagNameMap[K] {
  const el = Object.assign(document.createElement(tag), props);
  for (const child of children) el.append(child);
  return el;
}

/** "3 minutes ago" in the interface language. */
export function relativeTime(ms: number, now: number, language: string): string {
  const seconds = Math.round((ms - now) / 1000);
  const format = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [['second', 60], ['minute', 60], ['hour', 24], ['day', 30], ['month', 12], ['year', Infinity]];
  let value = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(value) < size) return format.format(value, unit);
    value = Math.round(value / size);
  }
  return format.format(value, 'year');
}

/**
 * The Versions tab of the details sidebar: the current version on top, then each earlier one
 * (relative time with the exact time as its title, size, author, label) with Restore,
 * Download, Name and Delete. A restore asks nothing: the replaced content is a version now,
 * and the notice's Undo restores it. A change of the file (another client's write) reloads.
 */
export function versionsTab(client: VersionsClient, t: Translate, events: ScopedEvents, language: string, now: () => number = () => Date.now()): SidebarTab {
  return {
    id: VERSIONS_TAB_ID,
    name: t('Versions'),
    icon: ICON,
    order: 20,
    enabled: (node) => node.type === 'file' && node.fileid !== undefined,
    mount(el, { nodes: [node], signal }) {
      let current: Node = node;
      let alive = true;
      // The tab taken back (another node, the sidebar closed): nothing renders into it any more.
      signal.addEventListener('abort', () => (alive = false), { once: true });
      const root = element('div', { className: 'versions-tab' });
      const notice = element('div', { className: 'versions-notice' });
      notice.setAttribute('role', 'status');
      const list = element('ul', { className: 'versions-list' });
      list.setAttribute('aria-label', t('Versions'));
      root.append(notice, list);
      el.replaceChildren(root);
      const dateFormat = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeStyle: 'medium' });

      const say = (message: string, undo?: () => Promise<void>): void => {
        notice.replaceChildren(element('span', { textContent: message }));
        if (undo) {
          const button = element('button', { type: 'button', className: 'versions-undo', textContent: t('Undo') });
          button.addEventListener('click', () => void undo().then(() => notice.replaceChildren(), fail));
          notice.append(' ', button);
        }
      };
      const fail = (error: unknown): void => say(t('The action failed: {{message}}', { message: error instanceof Error ? error.message : String(error) }));

      const row = (title: string, time: number, details: string[], label: string, actions: HTMLElement[]): HTMLLIElement => {
        const when = element('span', { className: 'versions-time', textContent: relativeTime(time, now(), language), title: dateFormat.format(new Date(time)) });
        const heading = element('div', { className: 'versions-heading' }, element('strong', { textContent: label || title }), ' ', when);
        const meta = element('div', { className: 'versions-meta', textContent: details.filter(Boolean).join(' · ') });
        return element('li', { className: 'versions-item' }, heading, meta, element('div', { className: 'versions-actions' }, ...actions));
      };
      const action = (text: string, run: () => Promise<void>): HTMLButtonElement => {
        const button = element('button', { type: 'button', textContent: text });
        button.addEventListener('click', () => void run().catch(fail));
        return button;
      };

      const render = async (): Promise<void> => {
        const fileid = current.fileid ?? 0;
        let versions: Version[];
        try {
          versions = await client.list(fileid);
        } catch (error) {
          if (alive) fail(error);
          return;
        }
        if (!alive) return;
        const items: HTMLLIElement[] = [row(t('Current version'), current.mtime ?? now(), [formatFileSize(current.size ?? 0)], t('Current version'), [])];
        for (const version of versions) {
          const download = element('a', { href: version.url, textContent: t('Download version') });
          download.setAttribute('download', current.basename);
          const name = action(t('Name this version'), async () => {
            const input = element('input', { type: 'text', value: version.label, maxLength: 255 });
            input.setAttribute('aria-label', t('Version name'));
            const save = element('button', { type: 'submit', textContent: t('Save') });
            const form = element('form', { className: 'versions-label-form' }, input, save);
            form.addEventListener('submit', (event) => {
              event.preventDefault();
              void client.label(version, input.value.trim()).then(render, fail);
            });
            name.replaceWith(form);
            input.focus();
          });
          items.push(
            row(t('Version'), version.mtime, [formatFileSize(version.size), version.author], version.label, [
              action(t('Restore version'), async () => {
                await client.restore(version);
                await render();
                say(t('Version restored'), async () => {
                  // The content the restore replaced is the newest version now.
                  const [replaced] = await client.list(fileid);
                  if (replaced) await client.restore(replaced);
                  await render();
                });
              }),
              download,
              name,
              action(t('Delete version'), async () => {
                await client.remove(version);
                await render();
              }),
            ]),
          );
        }
        if (versions.length === 0) items.push(element('li', { className: 'versions-empty', textContent: t('No earlier versions') }));
        list.replaceChildren(...items);
      };

      // Live: another client's write changes the file; its versions are read again.
      const off = events.on('files:node:updated', ({ node: updated }) => {
        if (updated.fileid !== current.fileid) return;
        current = updated;
        void render();
      });
      void render();
      return () => {
        alive = false;
        off();
      };
    },
  };
}
