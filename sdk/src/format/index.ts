/** Formatting for display: sizes, time left, fades, quota, preview URLs. */
export * from './file-size';
export * from './time-left';
export * from './fade';
export * from './quota';
export * from './preview-url';
export * from './translate';
export * from './i18n-key';
export * from './isolate';
