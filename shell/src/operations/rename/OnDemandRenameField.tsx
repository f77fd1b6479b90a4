import type { ComponentProps } from 'react';
import { OnDemand, lazyComponent } from '../../ui/OnDemand';
import type { RenameField as Field } from './RenameField';

const RenameFieldBody = lazyComponent(() => import('./RenameField').then((module) => module.RenameField));

/** The inline rename field (see `RenameField`), its code fetched the first time a rename starts. */
export function RenameField(props: ComponentProps<typeof Field>) {
  return (
    <OnDemand>
      <RenameFieldBody {...props} />
    </OnDemand>
  );
}
