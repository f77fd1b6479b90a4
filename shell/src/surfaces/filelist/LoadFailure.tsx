import { Icon } from '../../ui/icons/Icon';
import { ALERT_ICON } from '../../ui/icons/icons';
import { useT } from '../../ui/ServicesContext';
import { describeLoadError } from '../../model/folder/loadError';
import type { LoadError } from '../../model/folder/loadError';

/** A folder that could not be loaded (product §2, §8): empty content, the message by status, and Retry. */
export function LoadFailure({ error, onRetry }: { error: LoadError; onRetry(): void }) {
  const t = useT();
  return (
    <section className="files-empty files-empty--error" aria-labelledby="files-error-title">
      <Icon svg={ALERT_ICON} size={56} color="#c62828" />
      <h2 id="files-error-title">{describeLoadError(error, t)}</h2>
      <button type="button" className="files-button files-button--primary" onClick={onRetry}>
        {t('Retry')}
      </button>
    </section>
  );
}
