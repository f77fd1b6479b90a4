import { List } from 'react-window';
import type { RowComponentProps } from 'react-window';
import { formatFileSize } from '@cumulus/sdk';
import type { Translate } from '@cumulus/sdk';
import type { UploadItemState } from '../../lib/engine';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { useLanguage, useT } from '../../ui/ServicesContext';
import { selectUploadById, selectUploadFileIds } from '../../model/uploads/selectors';
import { cancelUpload } from '../../operations/uploads/uploadThunks';
import { failureMessage } from '../../operations/uploads/failureMessage';

/** Height of one line of the list. */
export const UPLOAD_ROW_HEIGHT = 40;
/** Lines shown before the list scrolls. */
const VISIBLE_ROWS = 8;

/** An item's state in words. */
export function uploadStateText(item: UploadItemState, t: Translate, language?: string): string {
  switch (item.status) {
    case 'initialized':
      return t('Waiting');
    case 'uploading':
      return t('{uploaded} of {size}', { uploaded: formatFileSize(item.uploaded, { locale: language }), size: formatFileSize(item.size, { locale: language }) });
    case 'assembling':
      return t('Assembling');
    case 'finished':
      return t('Uploaded');
    case 'cancelled':
      return t('Upload cancelled');
    case 'failed':
      return item.cancelled ? t('Upload cancelled') : failureMessage(item, t);
  }
}

/** One line, connected to its item by id so a progress report re-renders only the lines it touched. */
function UploadRow({ index, style, ids }: RowComponentProps<{ ids: string[] }>) {
  const t = useT();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const id = ids[index] as string;
  const item = useAppSelector((state) => selectUploadById(state, id));
  if (item === undefined) return <div style={style} />;
  const ended = item.status === 'finished' || item.status === 'failed' || item.status === 'cancelled';
  return (
    <div style={style} role="listitem" className={`files-upload__item${item.status === 'failed' ? ' files-upload__item--failed' : ''}`} data-upload-status={item.status}>
      <span className="files-upload__name" title={item.path} dir="auto">
        {item.path.replace(/^\//, '')}
      </span>
      <span className="files-upload__state">{uploadStateText(item, t, language)}</span>
      {!ended && (
        <button type="button" className="files-button" aria-label={t('Cancel upload of "{name}"', { name: item.name })} onClick={() => dispatch(cancelUpload(id))}>
          {t('Cancel')}
        </button>
      )}
    </div>
  );
}

/**
 * The per-file list of the queue: each file's name, state (bytes so far,
 * assembling, uploaded, the failure's reason) and a Cancel button while it
 * is not done. Virtualised, so a drop of 10,000 files renders a few dozen
 * lines.
 */
export function UploadList() {
  const t = useT();
  const ids = useAppSelector(selectUploadFileIds);
  return (
    <div className="files-upload__list">
      {/* The virtual list is the list itself (react-window gives it role=list): a wrapping list would hold a list, not items. */}
      <List
        role="list"
        aria-label={t('Uploads')}
        rowComponent={UploadRow}
        rowCount={ids.length}
        rowHeight={UPLOAD_ROW_HEIGHT}
        rowProps={{ ids }}
        style={{ height: Math.min(ids.length, VISIBLE_ROWS) * UPLOAD_ROW_HEIGHT }}
      />
    </div>
  );
}
