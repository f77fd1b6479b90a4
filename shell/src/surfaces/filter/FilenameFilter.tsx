import { useEffect, useId, useRef, useState } from 'react';
import { FILTER_THROTTLE_MS } from '../../lib/engine';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { SEARCH_ICON } from '../../ui/icons/icons';
import { useT } from '../../ui/ServicesContext';
import { filenameFilterChanged } from '../../model/filter/filterSlice';

/**
 * The 'Filter filenames…' box of the navigation (product §2). Typing updates
 * the list at most every 800 ms (product §9), the last value always lands.
 */
export function FilenameFilter() {
  const t = useT();
  const dispatch = useAppDispatch();
  const stored = useAppSelector((state) => state.filter.filename);
  const [value, setValue] = useState(stored);
  const id = useId();
  const lastSent = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A cleared filter elsewhere (view change) shows here too.
  useEffect(() => setValue(stored), [stored]);

  const onChange = (next: string) => {
    setValue(next);
    clearTimeout(timer.current);
    const wait = Math.max(0, lastSent.current + FILTER_THROTTLE_MS - Date.now());
    timer.current = setTimeout(() => {
      lastSent.current = Date.now();
      dispatch(filenameFilterChanged(next));
    }, wait);
  };
  return (
    <div className="files-filter" role="search">
      <label htmlFor={id} className="files-visually-hidden">
        {t('Filter filenames…')}
      </label>
      <Icon svg={SEARCH_ICON} size={18} className="files-filter__icon" />
      <input id={id} type="search" placeholder={t('Filter filenames…')} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
