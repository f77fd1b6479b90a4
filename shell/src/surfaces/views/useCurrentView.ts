import type { Registered, View } from '@cumulus/sdk';
import { useAppSelector } from '../../model/store/hooks';
import { useServices } from '../../ui/ServicesContext';
import { useRegistry } from '../../plugin-host/useRegistry';
import { selectViewId } from '../../model/navigation/selectors';

/** The active view's registry entry, once registered. */
export function useCurrentView(): Registered<View> | undefined {
  const viewId = useAppSelector(selectViewId);
  const views = useRegistry(useServices().host.registries.views);
  return views.find((view) => view.id === viewId);
}
