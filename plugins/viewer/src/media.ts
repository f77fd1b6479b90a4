import type { ViewerContext } from '@cumulus/sdk';
import { el, injectStyles } from './dom';
import type { ViewerDeps } from './types';

/**
 * Plays video and audio with the browser's own player on the file's WebDAV
 * URL (range requests: seeking fetches only what it needs). Never starts by
 * itself: stepping to the next file does not play it.
 */
export function mount(ctx: ViewerContext, { t }: ViewerDeps): () => void {
  injectStyles();
  const box = el('div', 'viewer-media');
  const audio = ctx.node.mime.startsWith('audio/');
  const player = document.createElement(audio ? 'audio' : 'video');
  player.controls = true;
  player.preload = 'metadata';
  player.autoplay = false;
  player.src = ctx.node.source;
  player.setAttribute('aria-label', ctx.node.displayname || ctx.node.basename);
  if (!ctx.canDownload) player.setAttribute('controlsList', 'nodownload');
  player.addEventListener('error', () => {
    box.replaceChildren(el('p', 'viewer-message', t('This file cannot be played in the browser.')));
  });
  box.append(player);
  ctx.el.append(box);
  return () => {
    player.pause();
    player.removeAttribute('src');
    player.load();
  };
}
