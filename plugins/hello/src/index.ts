import { definePlugin, translationsFrom } from '@cumulus/sdk';
import { sayHelloAction } from './sayHelloAction';
import { helloView } from './helloView';

/**
 * The Hello plugin: one view and one file action. The module's default export
 * is what the shell loads from the remote's `./plugin`.
 */
export default definePlugin({
  id: 'hello',
  // One chunk per language (src/locales/<lang>.json); only the interface language's is fetched.
  translations: translationsFrom((language) => import(/* webpackChunkName: "i18n-hello-[request]" */ `./locales/${language}.json`)),
  activate(ctx) {
    // Registrations made through ctx belong to the plugin: the shell takes
    // them back when the plugin is deactivated or its activation fails.
    ctx.views.register(helloView(ctx.t));
    ctx.fileActions.register(sayHelloAction(ctx.t));
  },
});
