import { memo } from 'react';

/** The default icon colour: the page's muted text colour. */
export const ICON_COLOR = '#4d5562';

/**
 * An SVG string shown as an image: drawn, but never run as markup in the
 * page (plugin icons are strings from other bundles). `currentColor` does not
 * reach into an <img>, so it is replaced by `color`.
 */
export const Icon = memo(function Icon({
  svg,
  size = 20,
  color = ICON_COLOR,
  className,
}: {
  svg: string;
  size?: number;
  color?: string;
  className?: string;
}) {
  const drawn = svg.replace(/currentColor/g, color);
  return (
    <img
      className={className ? `icon ${className}` : 'icon'}
      alt=""
      aria-hidden="true"
      width={size}
      height={size}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn)}`}
    />
  );
});
