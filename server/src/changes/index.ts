export { ChangeFeed, DEFAULT_CHANGE_FEED_OPTIONS } from './change-feed';
export type { ChangeFeedOptions, FeedSink } from './change-feed';
export { ChangeLog, DEFAULT_CHANGE_WINDOW } from './change-log';
export { fanOutToMounts } from './mount-fan-out';
export type { MountFanOutSources } from './mount-fan-out';
export type { ChangeWindow } from './change-log';
export { CHANGES_PATH, changeMessage, registerChangeFeed } from './sse-route';
export type { ChangeEvent, ChangeMessage, NodeChange } from './types';
export { AUTHENTICATED, INVALID_CREDENTIALS, LISTEN_FILE_ID, NOTIFY_PUSH_PATH, installNotifyPush, notifyPushCapability } from './notify-push';
