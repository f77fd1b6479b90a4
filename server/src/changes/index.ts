export { ChangeFeed, DEFAULT_CHANGE_FEED_OPTIONS } from './change-feed';
export type { ChangeFeedOptions, FeedSink } from './change-feed';
export { ChangeLog, DEFAULT_CHANGE_WINDOW } from './change-log';
export type { ChangeWindow } from './change-log';
export { CHANGES_PATH, changeMessage, registerChangeFeed } from './sse-route';
export type { ChangeEvent, ChangeMessage, NodeChange } from './types';
