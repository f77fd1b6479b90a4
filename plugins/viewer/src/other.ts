import { formatFileSize } from '@cumulus/sdk';
import type { ViewerContext } from '@cumulus/sdk';
import { el, injectStyles } from './dom';
import type { ViewerDeps } from './types';

/** Any other file: a panel with an icon, its name, size, modified time and Download. */
export function mount(ctx: ViewerContext, { t }: ViewerDeps): void {
  injectStyles();
  const panel = el('div', 'viewer-other');
  const icon = el('span', 'viewer-other__icon', '📄');
  icon.setAttribute('aria-hidden', 'true');
  const facts = el('dl', '');
  const add = (label: string, value: string) => facts.append(el('dt', '', label), el('dd', '', value));
  if (ctx.node.size !== undefined) add(t('Size'), formatFileSize(ctx.node.size));
  if (ctx.node.mtime !== undefined) add(t('Modified'), new Intl.DateTimeFormat(ctx.language, { dateStyle: 'medium', timeStyle: 'short' }).format(ctx.node.mtime));
  add(t('Type'), ctx.node.mime);
  panel.append(icon, el('p', 'viewer-other__name', ctx.node.displayname || ctx.node.basename), facts, el('p', '', t('There is no preview for this file.')));
  if (ctx.canDownload) {
    const download = el('a', 'viewer-other__download', t('Download'));
    download.href = ctx.node.source;
    download.download = ctx.node.basename;
    panel.append(download);
  }
  ctx.el.append(panel);
}
