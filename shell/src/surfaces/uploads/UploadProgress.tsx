import { useRef } from 'react';
import { formatTimeLeft, quotaBarValue } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { useT } from '../../ui/ServicesContext';
import { OnDemand, lazyComponent } from '../../ui/OnDemand';
import { Icon } from '../../ui/icons/Icon';
import { CLOSE_ICON, PAUSE_ICON, PLAY_ICON } from '../../ui/icons/icons';
import { selectIsUploading, selectUploadCounts, selectUploadHasFailure, selectUploadListOpen, selectUploadPercent, selectUploadQueueStatus, selectUploadTimeLeft } from '../../model/uploads/selectors';
import { cancelAllUploads, pauseUploads, resumeUploads } from '../../operations/uploads/uploadThunks';
import { uploadsActions } from '../../model/uploads/uploadsSlice';
import { injectUploadStyles } from './styles';
import { useFocusRescue } from './useFocusRescue';

injectUploadStyles();

// The per-file list's code (react-window rows) is fetched the first time it opens.
const UploadList = lazyComponent(() => import('./UploadList').then((module) => module.UploadList));

/**
 * What shows while uploading (product §2): the progress bar (role progressbar,
 * in the progress colour, the error colour only once a file failed: the
 * above-80 % warning belongs to the quota bar), the time-left text (product §4),
 * 'Pause uploads' / 'Resume uploads' (the queue's paused state, product §4),
 * 'Cancel uploads', and a button that opens the per-file list, where each
 * file's state shows and one file can be cancelled. Nothing while idle.
 * A Cancel that takes the focused button away keeps the keyboard focus: on
 * the list's toggle while uploads go on, else on `returnFocusTo` (the New
 * button), never on the page's body. A status region, on the page also
 * while idle, announces the files done of the total as they end.
 * `compact` (a narrow header) keeps the controls in one row: the counter
 * reads '1/3', Pause, Resume and Cancel are icon buttons, the time left is
 * in the bar's tooltip; their names for assistive technology stay whole.
 */
export function UploadProgress({ returnFocusTo, compact = false }: { returnFocusTo?: () => HTMLElement | null; compact?: boolean } = {}) {
  const t = useT();
  const dispatch = useAppDispatch();
  const uploading = useAppSelector(selectIsUploading);
  const percent = useAppSelector(selectUploadPercent);
  const timeLeft = useAppSelector(selectUploadTimeLeft);
  const paused = useAppSelector(selectUploadQueueStatus) === 'paused';
  const counts = useAppSelector(selectUploadCounts);
  const failed = useAppSelector(selectUploadHasFailure);
  const listOpen = useAppSelector(selectUploadListOpen);
  const toggle = useRef<HTMLButtonElement>(null);
  const focusRescue = useFocusRescue(() => (uploading ? toggle.current : returnFocusTo?.()));
  // On the page before any upload starts: screen readers only announce changes inside a live
  // region that already exists (as the toasts' regions). The end is the toasts' to say.
  const announcement = (
    <span className="files-visually-hidden" role="status" data-upload-announcement="">
      {uploading ? t('{ended} of {count} file', { ended: counts.ended, count: counts.total }) : ''}
    </span>
  );
  if (!uploading) return announcement;
  const value = quotaBarValue(percent);
  const text = formatTimeLeft(timeLeft, { paused, t });
  const countText = t('{ended} of {count} file', { ended: counts.ended, count: counts.total });
  const pauseText = paused ? t('Resume uploads') : t('Pause uploads');
  return (
    <>
      {announcement}
      <div className={`files-upload${compact ? ' files-upload--compact' : ''}`} {...focusRescue}>
        <div className="files-upload__row">
          <span
            role="progressbar"
            aria-label={t('Upload progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(value)}
            aria-valuetext={`${Math.round(value)}% – ${text}`}
            title={compact ? text : undefined}
            className={`files-upload__bar${failed ? ' files-upload__bar--error' : ''}`}
          >
            <span className="files-upload__fill" style={{ width: `${value}%` }} />
          </span>
          <span className={compact ? 'files-visually-hidden' : 'files-upload__time'} aria-live="polite">
            {text}
          </span>
          <button
            ref={toggle}
            type="button"
            className="files-button files-upload__toggle"
            aria-expanded={listOpen}
            aria-label={compact ? countText : undefined}
            title={compact ? countText : undefined}
            onClick={() => dispatch(uploadsActions.listToggled(!listOpen))}
          >
            {compact ? `${counts.ended}/${counts.total}` : countText}
          </button>
          {/* One button whose label follows the queue: the focus stays on it across pause and resume. */}
          <button
            type="button"
            className={compact ? 'files-icon-button files-upload__pause' : 'files-button files-upload__pause'}
            aria-label={compact ? pauseText : undefined}
            title={compact ? pauseText : undefined}
            onClick={() => dispatch(paused ? resumeUploads() : pauseUploads())}
          >
            {compact ? <Icon svg={paused ? PLAY_ICON : PAUSE_ICON} size={20} /> : pauseText}
          </button>
          <button
            type="button"
            className={compact ? 'files-icon-button files-upload__cancel' : 'files-button files-upload__cancel'}
            aria-label={compact ? t('Cancel uploads') : undefined}
            title={compact ? t('Cancel uploads') : undefined}
            onClick={() => dispatch(cancelAllUploads())}
          >
            {compact ? <Icon svg={CLOSE_ICON} size={20} /> : t('Cancel uploads')}
          </button>
        </div>
        {listOpen && (
          <OnDemand>
            <UploadList />
          </OnDemand>
        )}
      </div>
    </>
  );
}
