// WebDAV properties: the live properties (live-properties.ts), the property names a request
// asks for (prop-request.ts) and the renderer of `d:response` elements (response-renderer.ts).

export type { LiveProperty, PropertyContext } from './live-properties';
export { LIVE_PROPERTIES, SPACE_UNKNOWN, SPACE_UNLIMITED, WRITABLE_LIVE, activeLockXml, httpDate, isoDate, preparePluginProperties } from './live-properties';
export type { PropName, PropRequest } from './prop-request';
export { emptyProp, namesIn, propRequestFrom } from './prop-request';
export type { CompactValue } from './response-renderer';
export { MULTISTATUS_CLOSE, MULTISTATUS_OPEN, ResponseRenderer, parseClark } from './response-renderer';
export { quotedEtag } from './conditions';
