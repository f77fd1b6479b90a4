import { definePlugin, readDavSession, translationsFrom } from '@cumulus/sdk';
import type { Viewer, ViewerContext } from '@cumulus/sdk';
import type { MountViewer, ViewerDeps } from './types';

/** The text types the text viewer opens besides `text/*`: source code and data that is text. */
export const TEXT_MIMES = ['text/*', 'application/json', 'application/xml', 'application/javascript', 'application/x-javascript', 'application/x-sh', 'application/x-yaml', 'application/yaml', 'application/toml', 'application/sql', 'application/x-httpd-php'];

/**
 * A viewer whose code is a chunk of its own: fetched when the first file of
 * its types is opened, so the page's first scripts carry only this list.
 */
function lazyViewer(entry: Omit<Viewer, 'mount'>, deps: () => ViewerDeps, load: () => Promise<{ mount: MountViewer }>): Viewer {
  return {
    ...entry,
    mount(ctx: ViewerContext) {
      let cleanup: void | (() => void);
      let done = false;
      const loading = document.createElement('p');
      loading.className = 'viewer-loading';
      loading.setAttribute('role', 'status');
      loading.textContent = deps().t('Loading…');
      ctx.el.append(loading);
      load().then(
        (module) => {
          if (done || ctx.signal.aborted) return;
          loading.remove();
          cleanup = module.mount(ctx, deps());
        },
        (error: unknown) => {
          console.error(`[viewer] ${entry.id} failed to load`, error);
          loading.textContent = deps().t('The viewer could not be loaded.');
        },
      );
      return () => {
        done = true;
        if (typeof cleanup === 'function') cleanup();
      };
    },
  };
}

/** The Viewer plugin: images, video and audio, text (with editing), and a panel for any other file. */
export default definePlugin({
  id: 'viewer',
  // One chunk per language (src/locales/<lang>.json); only the interface language's is fetched.
  translations: translationsFrom((language) => import(/* webpackChunkName: "i18n-viewer-[request]" */ `./locales/${language}.json`)),
  activate(ctx) {
    const deps = (): ViewerDeps => ({ t: ctx.t, dialogs: ctx.dialogs, requestToken: readDavSession().requestToken });
    ctx.viewers.register(lazyViewer({ id: 'images', name: ctx.t('Images'), mimes: ['image/*'], order: 10 }, deps, () => import(/* webpackChunkName: "viewer-images" */ './images')));
    ctx.viewers.register(lazyViewer({ id: 'media', name: ctx.t('Video and audio'), mimes: ['video/*', 'audio/*'], order: 20 }, deps, () => import(/* webpackChunkName: "viewer-media" */ './media')));
    ctx.viewers.register(lazyViewer({ id: 'text', name: ctx.t('Text'), mimes: TEXT_MIMES, order: 30 }, deps, () => import(/* webpackChunkName: "viewer-text" */ './text')));
    // Last: any other file gets a panel with its facts and Download.
    ctx.viewers.register(lazyViewer({ id: 'other', name: ctx.t('Other files'), mimes: ['*/*'], order: 1000 }, deps, () => import(/* webpackChunkName: "viewer-other" */ './other')));
  },
});
