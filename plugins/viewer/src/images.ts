import type { Node, ViewerContext } from '@cumulus/sdk';
import { button, el, injectStyles } from './dom';
import type { ViewerDeps } from './types';

const ZOOM_STEP = 1.25;
const MAX_ZOOM = 16;

/**
 * The server's large preview of an image at about the window's size
 * (`/core/preview`), so a 20 MP photo shows without its 20 MB decode; the
 * original is loaded once the user zooms in. SVG, GIF (animation) and public
 * pages use the original (an SVG always through `<img>`, never as markup).
 */
export function screenUrl(node: Node, publicMode: boolean, width: number, height: number): string {
  if (publicMode || node.fileid === undefined || node.mime === 'image/svg+xml' || node.mime === 'image/gif') return node.source;
  const edge = (value: number) => String(Math.min(4096, Math.max(256, Math.ceil(value * (window.devicePixelRatio || 1)))));
  const query = new URLSearchParams({ fileId: String(node.fileid), x: edge(width), y: edge(height), a: '1', mimeFallback: 'false' });
  const etag = node.attributes.etag;
  if (typeof etag === 'string' && etag !== '') query.set('v', etag.replace(/"/g, '').slice(0, 6));
  return `/core/preview?${query.toString()}`;
}

/** Fetches the neighbours' screen images into the browser's cache, so next and previous show at once. */
function prefetchNeighbours(ctx: ViewerContext, width: number, height: number): void {
  const index = ctx.nodes.findIndex((node) => node.source === ctx.node.source);
  for (const offset of [1, -1]) {
    const neighbour = ctx.nodes[(index + offset + ctx.nodes.length) % ctx.nodes.length];
    if (neighbour === undefined || neighbour.source === ctx.node.source || !neighbour.mime.startsWith('image/')) continue;
    const image = new Image();
    image.decoding = 'async';
    image.src = screenUrl(neighbour, ctx.publicMode, width, height);
  }
}

/** Shows an image fitted to the window: zoom (buttons, +/−, Ctrl+wheel), pan by dragging, 100 % toggle, rotate. */
export function mount(ctx: ViewerContext, { t }: ViewerDeps): () => void {
  injectStyles();
  const stage = el('div', 'viewer-image');
  const image = el('img', '');
  image.alt = ctx.node.displayname || ctx.node.basename;
  image.draggable = false;
  const width = ctx.el.clientWidth || window.innerWidth;
  const height = ctx.el.clientHeight || window.innerHeight;
  const first = screenUrl(ctx.node, ctx.publicMode, width, height);
  image.src = first;
  image.addEventListener('error', () => {
    // No preview (a type the server cannot scale): the original.
    if (image.src !== new URL(ctx.node.source, location.href).href) image.src = ctx.node.source;
  });
  let zoom = 1;
  let rotation = 0;
  let x = 0;
  let y = 0;
  let original = first === ctx.node.source;
  const zoomLabel = el('span', 'viewer-zoom-level');
  zoomLabel.setAttribute('aria-live', 'polite');
  const apply = () => {
    stage.classList.toggle('viewer-image--zoomed', zoom !== 1);
    image.style.transform = `translate(${x}px, ${y}px) scale(${zoom}) rotate(${rotation}deg)`;
    zoomLabel.textContent = `${Math.round(zoom * 100)} %`;
    stage.dataset['zoom'] = String(zoom);
    if (zoom > 1 && !original) {
      original = true;
      image.src = ctx.node.source;
    }
  };
  const setZoom = (next: number) => {
    zoom = Math.min(MAX_ZOOM, Math.max(1, next));
    if (zoom === 1) x = y = 0;
    apply();
  };
  const toolbar = el('div', 'viewer-toolbar');
  toolbar.append(
    button('viewer-zoom-out', t('Zoom out'), () => setZoom(zoom / ZOOM_STEP), '−'),
    zoomLabel,
    button('viewer-zoom-in', t('Zoom in'), () => setZoom(zoom * ZOOM_STEP), '+'),
    button('viewer-actual-size', t('Actual size'), () => {
      const natural = image.naturalWidth > 0 && image.width > 0 ? image.naturalWidth / image.width : 2;
      setZoom(zoom === 1 ? Math.max(natural, 1.01) : 1);
    }, '1:1'),
    button('viewer-rotate', t('Rotate'), () => {
      rotation = (rotation + 90) % 360;
      apply();
    }, '⟳'),
  );
  stage.append(image, toolbar);
  ctx.el.append(stage);
  apply();

  const onKey = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key === '+' || event.key === '=') setZoom(zoom * ZOOM_STEP);
    else if (event.key === '-' || event.key === '−') setZoom(zoom / ZOOM_STEP);
    else return;
    event.preventDefault();
  };
  const onWheel = (event: WheelEvent) => {
    if (!event.ctrlKey) return;
    event.preventDefault();
    setZoom(event.deltaY < 0 ? zoom * ZOOM_STEP : zoom / ZOOM_STEP);
  };
  let drag: { x: number; y: number } | null = null;
  const onDown = (event: PointerEvent) => {
    if (zoom === 1 || event.target !== image) return;
    drag = { x: event.clientX - x, y: event.clientY - y };
    image.setPointerCapture(event.pointerId);
  };
  const onMove = (event: PointerEvent) => {
    if (drag === null) return;
    x = event.clientX - drag.x;
    y = event.clientY - drag.y;
    apply();
  };
  const onUp = () => {
    drag = null;
  };
  const frame = ctx.el.closest<HTMLElement>('[role="dialog"]') ?? ctx.el;
  frame.addEventListener('keydown', onKey);
  stage.addEventListener('wheel', onWheel, { passive: false });
  image.addEventListener('pointerdown', onDown);
  image.addEventListener('pointermove', onMove);
  image.addEventListener('pointerup', onUp);
  image.addEventListener('dblclick', () => setZoom(zoom === 1 ? 2 : 1));
  prefetchNeighbours(ctx, width, height);
  return () => {
    frame.removeEventListener('keydown', onKey);
  };
}
