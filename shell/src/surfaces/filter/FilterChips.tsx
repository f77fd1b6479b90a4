import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { CLOSE_ICON, SEARCH_ICON } from '../../ui/icons/icons';
import { useT } from '../../ui/ServicesContext';
import { filenameFilterChanged } from '../../model/filter/filterSlice';
import { useFileListFilters } from './useFileListFilters';
import { injectFilterStyles } from './styles';

injectFilterStyles();

/** One chip: its text, an icon, and a button that removes that part of the filter. */
function Chip({ text, icon, pluginId, onRemove }: { text: string; icon?: string; pluginId?: string; onRemove(): void }) {
  const t = useT();
  return (
    <li className="files-chip" data-plugin-id={pluginId}>
      {icon !== undefined && <Icon svg={icon} size={16} />}
      <span className="files-chip__text">{text}</span>
      <button type="button" className="files-chip__remove" aria-label={t('Remove filter "{filter}"', { filter: text })} title={t('Remove filter')} onClick={onRemove}>
        <Icon svg={CLOSE_ICON} size={16} />
      </button>
    </li>
  );
}

/**
 * The filter area (product §2): a chip for each active filter: the filename
 * filter of the navigation, then the chips of the registered file-list
 * filters in their order. Nothing shows while no filter is active.
 */
export function FilterChips() {
  const t = useT();
  const dispatch = useAppDispatch();
  const query = useAppSelector((state) => state.filter.filename);
  const { filters } = useFileListFilters('update:chips');
  const chips = filters.flatMap((filter) => filter.chips.map((chip, index) => ({ chip, key: `${filter.id}:${index}`, pluginId: filter.pluginId })));
  if (query === '' && chips.length === 0) return null;
  return (
    <ul className="files-chips" aria-label={t('Active filters')}>
      {query !== '' && <Chip text={query} icon={SEARCH_ICON} onRemove={() => dispatch(filenameFilterChanged(''))} />}
      {chips.map(({ chip, key, pluginId }) => (
        <Chip key={key} text={chip.text} icon={chip.icon} pluginId={pluginId} onRemove={() => chip.onclick()} />
      ))}
    </ul>
  );
}
