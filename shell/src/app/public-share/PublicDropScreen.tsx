import { useEffect, useMemo, useState } from 'react';
import type { DragEvent } from 'react';
import { createNode, isolate, Permission } from '@cumulus/sdk';
import type { FolderNode } from '@cumulus/sdk';
import { useAppDispatch, useAppSelector } from '../../model/store/hooks';
import { Icon } from '../../ui/icons/Icon';
import { UPLOAD_ICON } from '../../ui/icons/icons';
import { useServices, useT } from '../../ui/ServicesContext';
import { injectBaseStyles } from '../layout/baseStyles';
import type { PublicShare } from '../../services/publicShare';
import { documentTitle } from '../../surfaces/header/pageTitle';
import { Toasts } from '../../ui/toasts/Toasts';
import { collectDroppedFiles, collectPickedFiles, takeDroppedEntries } from '../../operations/uploads/dataTransferFiles';
import { selectUploadFileIds } from '../../model/uploads/selectors';
import { UploadList } from '../../surfaces/uploads/UploadList';
import { pickFiles } from '../../surfaces/uploads/uploadMenuEntries';
import { uploadCollected } from '../../operations/uploads/uploadThunks';
import { PublicShareBar } from './PublicShareBar';
import { injectPublicShareStyles } from './styles';
import { BidiText } from '../../ui/BidiText';

injectBaseStyles();
injectPublicShareStyles();

/**
 * A file drop (Nextcloud's view publicFileDrop: upload without read): only an upload area,
 * a button that picks files and a zone that takes dropped ones, then each uploaded file's
 * result. Nothing is listed (the link's WebDAV refuses it). Uploads go through the engine's
 * public mode: plain PUTs, owner anonymous (product §1); the server keeps both of two files
 * with the same name.
 */
export function PublicDropScreen({ share }: { share: PublicShare }) {
  const t = useT();
  const { dav } = useServices();
  const dispatch = useAppDispatch();
  const uploads = useAppSelector(selectUploadFileIds);
  const [over, setOver] = useState(false);
  const heading = t('Upload files to {name}', { name: isolate(share.name) });
  // The drop's root as the engine's destination; it is never listed.
  const folder: FolderNode = useMemo(
    () => createNode({ type: 'folder', source: dav.filesUrl, root: dav.root, path: '/', displayname: share.name, owner: null, permissions: Permission.CREATE }),
    [dav.filesUrl, dav.root, share.name],
  );
  useEffect(() => {
    document.title = documentTitle(heading, t);
  }, [heading, t]);

  const pick = async () => {
    const files = await pickFiles();
    if (files.length > 0) await dispatch(uploadCollected({ folder, collected: collectPickedFiles(files), origin: 'picker' }));
  };
  const drop = async (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    const taken = takeDroppedEntries(event.dataTransfer);
    await dispatch(uploadCollected({ folder, collected: await collectDroppedFiles(taken), origin: 'drop' }));
  };
  const dragOver = (event: DragEvent) => {
    if (!event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };

  return (
    <div className="files-public">
      <PublicShareBar share={share} />
      <main className="files-public__page">
        <h1>
          <BidiText text={heading} />
        </h1>
        <div className={`files-public__droparea${over ? ' files-public__droparea--over' : ''}`} onDragOver={dragOver} onDragLeave={() => setOver(false)} onDrop={(event) => void drop(event)}>
          <p>{t('Drop your files to upload')}</p>
          <button type="button" className="files-public__action" onClick={() => void pick()}>
            <Icon svg={UPLOAD_ICON} size={20} color="#fff" />
            {t('Upload files')}
          </button>
        </div>
        {uploads.length > 0 && (
          <section className="files-public__results" aria-label={t('Uploads')}>
            <UploadList />
          </section>
        )}
      </main>
      <Toasts />
    </div>
  );
}
