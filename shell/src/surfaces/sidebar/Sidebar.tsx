import { useAppSelector } from '../../model/store/hooks';
import { OnDemand, lazyComponent } from '../../ui/OnDemand';
import { useCurrentView } from '../views/useCurrentView';
import { injectSidebarStyles } from './styles';
import { selectNodeBySource } from '../../model/nodes/selectors';

// Here rather than only with the panel: the list's size and date cells, which open the sidebar, take its pointer cursor.
injectSidebarStyles();

const SidebarPanel = lazyComponent(() => import('./SidebarPanel').then((module) => module.SidebarPanel));

/**
 * The details sidebar (product §2, §4): shown while `state.sidebar.source` names
 * a known node; a column beside the list from 1024 px on, an overlay below.
 * Its code is fetched the first time it opens (see `SidebarPanel`).
 */
export function Sidebar() {
  const node = useAppSelector((state) => (state.sidebar.source === null ? undefined : selectNodeBySource(state, state.sidebar.source)));
  const view = useCurrentView();
  if (node === undefined || view === undefined) return null;
  return (
    <OnDemand>
      <SidebarPanel node={node} view={view} />
    </OnDemand>
  );
}
