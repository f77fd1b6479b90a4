import type { ReactNode } from 'react';
import { useT } from '../../ui/ServicesContext';
import type { PublicShare } from '../../services/publicShare';

/**
 * The top of a public link's page: the share's name, who shared it and their note. The
 * name is the page's heading only where the screen has none of its own (`heading`); `children`
 * are the screen's actions on the whole share (a folder's 'Download all').
 */
export function PublicShareBar({ share, heading = false, children }: { share: PublicShare; heading?: boolean; children?: ReactNode }) {
  const t = useT();
  const Name = heading ? 'h1' : 'p';
  return (
    <header className="files-public__bar">
      {/* The sharer's words, in whatever script they wrote them: their own direction. */}
      <Name className="files-public__name" dir="auto">
        {share.name}
      </Name>
      {share.ownerDisplayName !== '' && <p className="files-public__owner">{t('Shared by {owner}', { owner: share.ownerDisplayName })}</p>}
      {children}
      {share.note !== '' && <p className="files-public__note" dir="auto">
          {share.note}
        </p>}
    </header>
  );
}
