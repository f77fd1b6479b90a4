import type { FileAction, Translate } from '@cumulus/sdk';
import { HELLO_ICON } from './icons';

/** A file action that greets one node: the smallest useful action. */
export function sayHelloAction(t: Translate): FileAction {
  return {
    id: 'hello-say-hello',
    displayName: () => t('Say hello'),
    iconSvgInline: () => HELLO_ICON,
    // Offered for exactly one node; a batch would say hello many times.
    enabled: (nodes) => nodes.length === 1,
    exec: ({ nodes: [node] }) => {
      console.info(t('Hello, {name}!', { name: node.displayname }));
      // true: the shell reports '"Say hello" action executed successfully'.
      return Promise.resolve(true);
    },
    order: 100,
  };
}
