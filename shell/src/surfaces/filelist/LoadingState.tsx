import { useT } from '../../ui/ServicesContext';

/** The first load of a folder (product §2: a loading icon). */
export function LoadingState() {
  const t = useT();
  return (
    <div className="files-loading" role="status" aria-live="polite">
      <span className="files-spinner files-spinner--large" aria-hidden="true" />
      <span className="files-visually-hidden">{t('Loading current folder')}</span>
    </div>
  );
}
