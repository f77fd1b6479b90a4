import { useId } from 'react';
import { isQuotaWarning, quotaBarValue, quotaLabel } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { useLanguage, useT } from '../../ui/ServicesContext';
import { storageStatsRefreshRequested } from '../../model/quota/quotaSlice';
import { selectStorageStats } from '../../model/quota/selectors';
import { injectQuotaStyles } from './styles';
import { useStorageStatsRefresh } from './useStorageStatsRefresh';

injectQuotaStyles();

/**
 * The storage quota of the navigation footer (product §2, §9): '{used} of
 * {quota} used', or '{used} used' when unlimited, with a progress bar (only
 * under a quota) in its error style above 80 percent. Clicking it refreshes
 * the stats; a failure of that click is toasted.
 */
export function StorageQuota() {
  const t = useT();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const stats = useAppSelector(selectStorageStats);
  const labelId = useId();
  useStorageStatsRefresh();
  if (stats === null) return null;

  const label = quotaLabel(stats, { t, format: { locale: language } });
  const limited = stats.quota >= 0;
  const value = quotaBarValue(stats.relative);
  const warning = isQuotaWarning(stats.relative);
  return (
    <div className={`files-quota${warning ? ' files-quota--warning' : ''}`}>
      <button
        type="button"
        id={labelId}
        className="files-quota__refresh"
        title={t('Refresh storage stats')}
        onClick={() => dispatch(storageStatsRefreshRequested({ userTriggered: true }))}
      >
        {label}
      </button>
      {limited && (
        <span
          role="progressbar"
          aria-labelledby={labelId}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(value)}
          className={`files-quota__bar${warning ? ' files-quota__bar--error' : ''}`}
        >
          <span className="files-quota__fill" style={{ width: `${value}%` }} />
        </span>
      )}
    </div>
  );
}
