import { useEffect, useRef, useState } from 'react';
import { NavLink } from 'react-router';
import { MAX_VIEW_NESTING } from '../../lib/engine';
import type { Registered, View } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { CHEVRON_DOWN_ICON, CHEVRON_RIGHT_ICON } from '../../ui/icons/icons';
import { filesPath } from '../../model/navigation/filesLocation';
import { useT } from '../../ui/ServicesContext';
import { PluginBoundary } from '../../plugin-host/PluginBoundary';
import { setViewExpanded } from '../../model/config/configThunks';
import { selectViewExpanded } from '../../model/config/selectors';
import { selectViewId } from '../../model/navigation/selectors';

/** The route a view's entry links to: its root, with its own params (dir, fileid). */
function viewPath(view: View): string {
  const fileid = view.params?.['fileid'];
  return filesPath({ view: view.id, dir: view.params?.['dir'] ?? '/', fileid: fileid && /^\d+$/.test(fileid) ? Number(fileid) : undefined });
}

function ViewEntry({ view, childrenOf, level }: { view: Registered<View>; childrenOf(id: string): Registered<View>[]; level: number }) {
  const t = useT();
  const dispatch = useAppDispatch();
  const active = useAppSelector(selectViewId) === view.id;
  const stored = useAppSelector((state) => selectViewExpanded(state, view.id));
  const expanded = stored ?? view.expanded ?? false;
  const [loading, setLoading] = useState(false);
  const requested = useRef(false);
  const children = level < MAX_VIEW_NESTING ? childrenOf(view.id) : [];
  const expandable = children.length > 0 || (view.loadChildViews !== undefined && !view.loaded);

  // Children load on first expansion (product §4), also when the view starts expanded (saved config or its own flag).
  useEffect(() => {
    if (!expanded || view.loadChildViews === undefined || view.loaded || requested.current) return;
    requested.current = true;
    setLoading(true);
    const load = view.loadChildViews;
    // A plugin's loader may throw before returning a promise: that counts as a failed load too.
    Promise.resolve()
      .then(() => load.call(view, view))
      .catch((error: unknown) => {
        // The next expansion tries again.
        requested.current = false;
        console.error(`Could not load the child views of "${view.id}"`, error);
      })
      .finally(() => setLoading(false));
  }, [expanded, view]);

  const toggle = () => void dispatch(setViewExpanded({ view: view.id, expanded: !expanded }));

  return (
    <li className="files-nav__item" data-view-id={view.id} data-plugin-id={view.pluginId} role="treeitem" aria-level={level} aria-expanded={expandable ? expanded : undefined} aria-selected={active}>
      <div className={`files-nav__entry${active ? ' files-nav__entry--active' : ''}`}>
        <NavLink to={viewPath(view)} className="files-nav__link" aria-current={active ? 'page' : undefined} title={view.caption}>
          <PluginBoundary pluginId={view.pluginId} t={t}>
            <Icon svg={view.icon} size={20} color={active ? '#00679e' : undefined} />
          </PluginBoundary>
          <span className="name" title={view.name} dir="auto">{view.name}</span>
        </NavLink>
        {expandable && (
          <button
            type="button"
            className="files-icon-button files-nav__toggle"
            aria-label={expanded ? t('Collapse {name}', { name: view.name }) : t('Expand {name}', { name: view.name })}
            aria-busy={loading}
            onClick={toggle}
          >
            <Icon svg={expanded ? CHEVRON_DOWN_ICON : CHEVRON_RIGHT_ICON} size={18} directional />
          </button>
        )}
      </div>
      {expanded && children.length > 0 && (
        <ul role="group" className="files-nav__children">
          {children.map((child) => (
            <ViewEntry key={child.id} view={child} childrenOf={childrenOf} level={level + 1} />
          ))}
        </ul>
      )}
    </li>
  );
}

/**
 * The views of the left navigation (product §2): the top-level views, or with
 * `pinned` the sticky ones, which the navigation keeps in view below the
 * scrolling list. Children nest up to 7 levels and load on first expansion.
 * Views whose parent is not registered show at the top level.
 */
export function ViewTree({ views, pinned = false }: { views: readonly Registered<View>[]; pinned?: boolean }) {
  const t = useT();
  const shown = views.filter((view) => !view.hidden);
  const ids = new Set(shown.map((view) => view.id));
  const childrenOf = (id: string) => shown.filter((view) => view.parent === id);
  const roots = shown.filter((view) => (view.parent === undefined || !ids.has(view.parent)) && (view.sticky === true) === pinned);
  if (pinned && roots.length === 0) return null;
  return (
    <ul className={pinned ? 'files-nav__list files-nav__list--sticky' : 'files-nav__list'} role="tree" aria-label={pinned ? t('Pinned views') : t('Views')}>
      {roots.map((view) => (
        <ViewEntry key={view.id} view={view} childrenOf={childrenOf} level={1} />
      ))}
    </ul>
  );
}
