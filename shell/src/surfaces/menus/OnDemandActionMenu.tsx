import { OnDemand, lazyComponent } from '../../ui/OnDemand';
import type { ActionMenuProps } from './ActionMenu';
import { injectActionStyles } from './styles';

// The row and batch action buttons wear these styles from the start; only the menu waits.
injectActionStyles();

const ActionMenuBody = lazyComponent(() => import('./ActionMenu').then((module) => module.ActionMenu));

/** The action menu (see `ActionMenu`), its code fetched the first time a menu opens. */
export function ActionMenu(props: ActionMenuProps) {
  return (
    <OnDemand>
      <ActionMenuBody {...props} />
    </OnDemand>
  );
}
