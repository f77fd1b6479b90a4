import { isNarrowLayout, showsBreadcrumbIconText } from '../../lib/engine';
import type { ReactNode } from 'react';
import type { Node, View } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { CHEVRON_RIGHT_ICON, HOME_ICON } from '../../ui/icons/icons';
import { useT } from '../../ui/ServicesContext';
import { useDropTarget } from '../drag/useNodeDrag';
import { folderReloadRequested } from '../../model/base/folderActions';
import { selectDir } from '../../model/navigation/selectors';
import { useFilesNavigate } from '../navigation/useFilesNavigate';
import { nodeIn } from '../../model/nodes/nodeTable';
import { crumbsOf } from './crumbs';

/**
 * One crumb's button, also a drop target for dragged rows with the list's
 * rules (`useDropTarget`: a folder with create permission that is not
 * itself dragged; Ctrl copies), as in Nextcloud.
 */
function CrumbButton(props: { node: Node | undefined; current: boolean; label: string | undefined; title: string; onClick(): void; children: ReactNode }) {
  const { node, current, label, title, onClick, children } = props;
  const drop = useDropTarget(node);
  return (
    <button
      type="button"
      className={`files-breadcrumbs__button${current ? ' files-breadcrumbs__button--current' : ''}${drop.hovered ? ' files-breadcrumbs__button--drop-target' : ''}`}
      aria-current={current ? 'page' : undefined}
      aria-label={label}
      title={title}
      onClick={onClick}
      {...drop.props}
    >
      {children}
    </button>
  );
}

/**
 * The breadcrumb bar (product §2): the root shows the view's name (or 'Home'),
 * then each folder; clicking the current folder reloads it. Under 512 px only
 * the root and the last folders fit; the root's text shows at 486 px or more.
 * Each crumb takes dropped rows like a folder row does.
 */
export function Breadcrumbs({ view, width }: { view: View; width: number }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const navigate = useFilesNavigate();
  const dir = useAppSelector(selectDir);
  const paths = useAppSelector((state) => state.folder.paths[view.id]);
  const nodes = useAppSelector((state) => state.nodes.table);
  const crumbs = crumbsOf(dir);
  // Narrow screens keep the root and the current folder (and its parent when there is room).
  const shown = isNarrowLayout(width) && crumbs.length > 2 ? [crumbs[0]!, ...crumbs.slice(-1)] : crumbs;
  const rootName = view.name || t('Home');
  const showRootText = showsBreadcrumbIconText(width);

  return (
    <nav className="files-breadcrumbs" aria-label={t('Current directory path')}>
      <ol>
        {shown.map((crumb, index) => {
          const current = crumb.dir === dir;
          const source = paths?.[crumb.dir];
          const name = crumb.dir === '/' ? rootName : ((source && nodeIn(nodes, source)?.displayname) || crumb.name);
          const collapsed = index > 0 && shown[index - 1] !== crumbs[crumbs.indexOf(crumb) - 1];
          return (
            <li key={crumb.dir} className="files-breadcrumbs__crumb">
              {index > 0 && <Icon svg={CHEVRON_RIGHT_ICON} size={18} className="files-breadcrumbs__separator" directional />}
              {collapsed && <span className="files-breadcrumbs__ellipsis" aria-hidden="true">…</span>}
              <CrumbButton
                node={source === undefined ? undefined : nodeIn(nodes, source)}
                current={current}
                label={crumb.dir === '/' && !showRootText ? rootName : undefined}
                title={current ? t('Reload current directory') : name}
                onClick={() => (current ? dispatch(folderReloadRequested()) : navigate({ view: view.id, dir: crumb.dir }))}
              >
                {crumb.dir === '/' && <Icon svg={HOME_ICON} size={20} />}
                {(crumb.dir !== '/' || showRootText) && <span className="files-breadcrumbs__name" dir="auto">{name}</span>}
              </CrumbButton>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
