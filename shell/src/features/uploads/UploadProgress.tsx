import { useRef } from 'react';
import { formatTimeLeft, quotaBarValue } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useT } from '../../app/ServicesContext';
import { OnDemand, lazyComponent } from '../../app/OnDemand';
import { selectIsUploading, selectUploadCounts, selectUploadHasFailure, selectUploadListOpen, selectUploadPercent, selectUploadQueueStatus, selectUploadTimeLeft } from './selectors';
import { cancelAllUploads, pauseUploads, resumeUploads } from './uploadThunks';
import { uploadsActions } from './uploadsSlice';
import { injectUploadStyles } from './styles';
import { useFocusRescue } from './useFocusRescue';

injectUploadStyles();

// The per-file list's code (react-window rows) is fetched the first time it opens.
const UploadList = lazyComponent(() => import('./UploadList').then((module) => module.UploadList));

/**
 * What shows while uploading (spec §2): the progress bar (role progressbar,
 * in the progress colour, the error colour only once a file failed: the
 * above-80 % warning belongs to the quota bar), the time-left text (spec §4),
 * 'Pause uploads' / 'Resume uploads' (the queue's paused state, spec §4),
 * 'Cancel uploads', and a button that opens the per-file list, where each
 * file's state shows and one file can be cancelled. Nothing while idle.
 * A Cancel that takes the focused button away keeps the keyboard focus: on
 * the list's toggle while uploads go on, else on `returnFocusTo` (the New
 * button), never on the page's body. A status region, on the page also
 * while idle, announces the files done of the total as they end.
 */
export function UploadProgress({ returnFocusTo }: { returnFocusTo?: () => HTMLElement | null } = {}) {
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
  return (
    <>
      {announcement}
      <div className="files-upload" {...focusRescue}>
        <div className="files-upload__row">
          <span
            role="progressbar"
            aria-label={t('Upload progress')}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={Math.round(value)}
            aria-valuetext={`${Math.round(value)}% – ${text}`}
            className={`files-upload__bar${failed ? ' files-upload__bar--error' : ''}`}
          >
            <span className="files-upload__fill" style={{ width: `${value}%` }} />
          </span>
          <span className="files-upload__time" aria-live="polite">
            {text}
          </span>
          <button
            ref={toggle}
            type="button"
            className="files-button files-upload__toggle"
            aria-expanded={listOpen}
            onClick={() => dispatch(uploadsActions.listToggled(!listOpen))}
          >
            {t('{ended} of {count} file', { ended: counts.ended, count: counts.total })}
          </button>
          {/* One button whose label follows the queue: the focus stays on it across pause and resume. */}
          <button type="button" className="files-button files-upload__pause" onClick={() => dispatch(paused ? resumeUploads() : pauseUploads())}>
            {paused ? t('Resume uploads') : t('Pause uploads')}
          </button>
          <button type="button" className="files-button" onClick={() => dispatch(cancelAllUploads())}>
            {t('Cancel uploads')}
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
