import { useEffect } from 'react';
import { formatFileSize, isolate } from '@cumulus/sdk';
import { Icon } from '../../ui/icons/Icon';
import { FILE_ICON } from '../../ui/icons/icons';
import { useLanguage, useServices, useT } from '../../ui/ServicesContext';
import { injectBaseStyles } from '../layout/baseStyles';
import { downloadsAllowed } from '../../services/publicShare';
import type { PublicShare } from '../../services/publicShare';
import { documentTitle } from '../../surfaces/header/pageTitle';
import { DOWNLOAD_ICON } from '../../operations/actions/icons';
import { PublicShareBar } from './PublicShareBar';
import { injectPublicShareStyles } from './styles';

injectBaseStyles();
injectPublicShareStyles();

/**
 * A public link to one file (Nextcloud's view publicFileShare): the file's name and size,
 * and a Download button unless the link hides or refuses downloads. The button is a link to
 * the file on the link's WebDAV (whose root is the file), which carries the password step's cookie.
 */
export function PublicFileScreen({ share }: { share: PublicShare }) {
  const t = useT();
  const language = useLanguage();
  const { dav } = useServices();
  useEffect(() => {
    document.title = documentTitle(isolate(share.name), t);
  }, [share.name, t]);
  return (
    <div className="files-public">
      <PublicShareBar share={share} />
      <main className="files-public__page">
        <Icon svg={FILE_ICON} size={96} />
        <h1>{share.fileName}</h1>
        {share.size >= 0 && <p className="files-public__meta">{formatFileSize(share.size, { locale: language })}</p>}
        {downloadsAllowed(share) && (
          <a className="files-public__action" href={dav.filesUrl} download={share.fileName}>
            <Icon svg={DOWNLOAD_ICON} size={20} color="#fff" />
            {t('Download')}
          </a>
        )}
      </main>
    </div>
  );
}
