import { useT } from '../../app/ServicesContext';
import type { PublicShare } from '../../services/publicShare';

/**
 * The top of a public link's page: the share's name, who shared it and their note. The
 * name is the page's heading only where the screen has none of its own (`heading`).
 */
export function PublicShareBar({ share, heading = false }: { share: PublicShare; heading?: boolean }) {
  const t = useT();
  const Name = heading ? 'h1' : 'p';
  return (
    <header className="files-public__bar">
      {/* The sharer's words, in whatever script they wrote them: their own direction. */}
      <Name className="files-public__name" dir="auto">
        {share.name}
      </Name>
      {share.ownerDisplayName !== '' && <p className="files-public__owner">{t('Shared by {owner}', { owner: share.ownerDisplayName })}</p>}
      {share.note !== '' && <p className="files-public__note" dir="auto">
          {share.note}
        </p>}
    </header>
  );
}
