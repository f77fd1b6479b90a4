/**
 * WebDAV for the shell and plugins: the streaming multistatus reader, nodes built from its
 * responses, the pieces of a REPORT or SEARCH body, and a request that
 * answers with the user's nodes.
 */
export { MultistatusError, MultistatusReader, decodeXmlText, detach, statusCodeOf } from './multistatus';
export type { DavPropElement, DavPropValue, DavResponse } from './multistatus';
export { ResponseNodeBuilder, RowColumns, deepFreeze, propValue } from './response-node';
export type { BuiltNode, ResponseNodeContext } from './response-node';
export { CORE_PROPERTIES, cleanEtag, encodeDavPath, numberProp, timeOf } from './dav-props';
export { davNamespaceDeclarations, davPropElements } from './dav-bodies';
export { DavRequestError, fetchDavNodes, filesRoot, readDavNodes, readDavSession } from './fetch-nodes';
export type { DavNodesRequest, DavSession } from './fetch-nodes';
export { fetchDavFolder } from './fetch-folder';
export { followUntilRead } from './follow-signal';
export type { DavFolderContents } from './fetch-folder';
