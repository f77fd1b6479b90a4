/**
 * The storage quota of the navigation footer (spec §2, §9: '{used} of
 * {quota} used' / '{used} used', the bar in error above 80 %, refreshed every
 * 60 s). Placeholder of the skeleton: the quota feature fills this component
 * (and its slice) without touching the layout.
 */
export function StorageQuota() {
  return null;
}
