import { useId } from 'react';
import { useServices, useT } from '../../ui/ServicesContext';
import { APP_PASSWORDS_URL, WEBDAV_HELP_URL } from './links';
import { useClipboardCopy } from './useClipboardCopy';

/** The WebDAV address of the user's files, `<origin>/remote.php/dav/files/<uid>/`. */
export function webDavUrl(filesUrl: string): string {
  return `${filesUrl.replace(/\/+$/, '')}/`;
}

/**
 * The 'WebDAV' section (product §2): the address in a read-only field with a
 * copy button, a link to the WebDAV help and one to the app passwords page.
 */
export function WebDavSection() {
  const t = useT();
  const url = webDavUrl(useServices().dav.filesUrl);
  const { copied, copy } = useClipboardCopy();
  const headingId = useId();
  const fieldId = useId();
  const hintId = useId();
  return (
    <section className="files-settings__section" aria-labelledby={headingId}>
      <h3 id={headingId}>{t('WebDAV')}</h3>
      <label htmlFor={fieldId} className="files-settings__label">
        {t('WebDAV URL')}
      </label>
      <div className="files-settings__url">
        <input id={fieldId} type="url" dir="ltr" readOnly value={url} aria-describedby={hintId} onFocus={(event) => event.target.select()} />
        <button type="button" className="files-button" onClick={() => void copy(url)}>
          {copied ? t('Copied') : t('Copy to clipboard')}
        </button>
      </div>
      <p id={hintId} className="files-settings__hint">
        <a href={WEBDAV_HELP_URL} target="_blank" rel="noreferrer">
          {t('Use this address to access your Files via WebDAV')}
        </a>
      </p>
      <p className="files-settings__hint">
        <a href={APP_PASSWORDS_URL} target="_blank" rel="noreferrer">
          {t('Create an app password for WebDAV clients')}
        </a>
      </p>
    </section>
  );
}
