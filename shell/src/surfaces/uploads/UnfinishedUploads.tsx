import { useEffect, useRef } from 'react';
import { formatFileSize } from '@cumulus/sdk';
import type { UnfinishedUpload } from '../../lib/engine';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { useLanguage, useT } from '../../ui/ServicesContext';
import { selectUnfinishedUploads } from '../../model/uploads/selectors';
import { pickFiles } from './uploadMenuEntries';
import { discardUnfinishedUpload, listUnfinishedUploads, resumeUnfinishedUpload } from '../../operations/uploads/uploadThunks';
import { injectUploadStyles } from './styles';
import { useFocusRescue } from './useFocusRescue';

injectUploadStyles();

/**
 * Chunked uploads an earlier page left unfinished (a reload, a closed tab),
 * from the engine's journal, each with 'Resume' and 'Discard'. The browser
 * does not keep a picked file across a reload, so 'Resume' asks for it
 * again; the engine checks that it is the same file (name, size and
 * modification time) and continues from the chunks the server holds.
 * When Resume or Discard takes its line away, the keyboard focus goes to the
 * next line's Resume, or, with none left, to `returnFocusTo` (the New button).
 */
export function UnfinishedUploads({ returnFocusTo }: { returnFocusTo?: () => HTMLElement | null } = {}) {
  const t = useT();
  const language = useLanguage();
  const dispatch = useAppDispatch();
  const unfinished = useAppSelector(selectUnfinishedUploads);
  const section = useRef<HTMLElement>(null);
  const focusRescue = useFocusRescue(() => section.current?.querySelector<HTMLElement>('button') ?? returnFocusTo?.());

  useEffect(() => {
    void dispatch(listUnfinishedUploads());
  }, [dispatch]);

  if (unfinished.length === 0) return null;
  const resume = async (record: UnfinishedUpload) => {
    const [file] = await pickFiles({ multiple: false });
    if (file !== undefined) await dispatch(resumeUnfinishedUpload({ record, file }));
  };
  return (
    <section ref={section} className="files-upload__resume" aria-label={t('Unfinished uploads')} {...focusRescue}>
      <p className="files-upload__state">{t('These uploads were interrupted. Pick the same file again to resume.')}</p>
      <ul role="list" className="files-picker__list">
        {unfinished.map((record) => (
          <li key={record.id} className="files-upload__resume-item">
            <span className="files-upload__name" dir="auto">{record.name}</span>
            <span className="files-upload__state">{formatFileSize(record.size, { locale: language })}</span>
            <button type="button" className="files-button files-button--primary" aria-label={t('Resume upload of "{name}"', { name: record.name })} onClick={() => void resume(record)}>
              {t('Resume')}
            </button>
            <button type="button" className="files-button" aria-label={t('Discard upload of "{name}"', { name: record.name })} onClick={() => void dispatch(discardUnfinishedUpload(record))}>
              {t('Discard')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
