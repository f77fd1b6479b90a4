import { memo, useContext } from 'react';
import { directionOf } from '../../i18n/languages';
import { ServicesContext } from '../ServicesContext';

/** The default icon colour: the page's muted text colour. */
export const ICON_COLOR = '#4d5562';

/**
 * `svg` drawn mirrored left to right, inside the image itself: a group flipped about the
 * viewBox's middle (a CSS transform on the <img> was computed but not always painted).
 * An SVG without a readable viewBox is returned as it is.
 */
export function mirroredSvg(svg: string): string {
  const viewBox = /viewBox="\s*(-?[\d.]+)[\s,]+(-?[\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)\s*"/.exec(svg);
  const open = /<svg\b[^>]*>/.exec(svg);
  const close = svg.lastIndexOf('</svg>');
  if (viewBox === null || open === null || close < open.index) return svg;
  const axis = 2 * Number(viewBox[1]) + Number(viewBox[3]);
  const start = open.index + open[0].length;
  return `${svg.slice(0, start)}<g transform="matrix(-1 0 0 1 ${axis} 0)">${svg.slice(start, close)}</g>${svg.slice(close)}`;
}

/**
 * An SVG string shown as an image: drawn, but never run as markup in the
 * page (plugin icons are strings from other bundles). `currentColor` does not
 * reach into an <img>, so it is replaced by `color`. A `directional` icon
 * (a breadcrumb separator, a collapsed tree node, a submenu arrow) points
 * along the reading direction: mirrored in right-to-left languages.
 */
export const Icon = memo(function Icon({
  svg,
  size = 20,
  color = ICON_COLOR,
  className,
  directional = false,
}: {
  svg: string;
  size?: number;
  color?: string;
  className?: string;
  directional?: boolean;
}) {
  const language = useContext(ServicesContext)?.language;
  const rtl = directional && (language !== undefined ? directionOf(language) === 'rtl' : typeof document !== 'undefined' && document.documentElement.dir === 'rtl');
  const coloured = svg.replace(/currentColor/g, color);
  const drawn = rtl ? mirroredSvg(coloured) : coloured;
  const classes = [className, directional ? 'icon--directional' : undefined, rtl ? 'icon--mirrored' : undefined].filter(Boolean).join(' ');
  return (
    <img
      className={classes ? `icon ${classes}` : 'icon'}
      alt=""
      aria-hidden="true"
      width={size}
      height={size}
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(drawn)}`}
    />
  );
});
