import { useEffect, useState } from 'react';
import { Icon } from '../../ui/icons/Icon';
import { FILE_ICON, FOLDER_ICON } from '../../ui/icons/icons';
import { useT } from '../../ui/ServicesContext';
import type { ConflictVersion } from './conflictStore';

/** Edge of a preview in the dialog, in CSS pixels (the grid's 128 px thumbnail, halved for sharpness). */
const PREVIEW_EDGE = 64;

/**
 * An object URL of `blob` while it is shown, when it is an image (the new version of an
 * upload, product §2 'Preview image'); revoked when the dialog closes or the blob changes.
 */
function useImageObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (blob === undefined || !blob.type.startsWith('image/')) return undefined;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => {
      URL.revokeObjectURL(created);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}

/**
 * The preview of one version in the conflict dialog, alt text 'Preview image': the server's
 * preview for the existing version, the local image for a new one; a folder, a version
 * without a preview and a preview that fails to load show the file or folder icon.
 */
export function VersionPreview({ version, isFolder }: { version: ConflictVersion; isFolder: boolean }) {
  const t = useT();
  const local = useImageObjectUrl(isFolder ? undefined : version.previewBlob);
  const src = isFolder ? undefined : (local ?? version.previewUrl);
  const [failed, setFailed] = useState<string>();
  if (src === undefined || failed === src) {
    return (
      <span className="files-conflicts__preview files-conflicts__preview--icon">
        <Icon svg={isFolder ? FOLDER_ICON : FILE_ICON} size={40} color={isFolder ? '#0082c9' : '#6b7280'} />
      </span>
    );
  }
  return (
    <img
      className="files-conflicts__preview"
      alt={t('Preview image')}
      width={PREVIEW_EDGE}
      height={PREVIEW_EDGE}
      decoding="async"
      src={src}
      onError={() => setFailed(src)}
    />
  );
}
