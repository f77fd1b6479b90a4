/** The node model: types, permissions, construction and the per-node rules of product §2, §3 and §6. */
export * from './permissions';
export type * from './types';
export * from './guards';
export * from './create-node';
export * from './dav-permissions';
export * from './dav-properties';
export * from './share-types';
export * from './share-attributes';
