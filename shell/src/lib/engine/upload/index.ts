/** Upload rules (chunking, parallelism, retries, progress, the rate estimator, item and queue states) and the upload engine built on them. */
export * from './chunking';
export * from './parallel';
export * from './retry';
export * from './progress';
export * from './rate-estimator';
export * from './upload-item';
export * from './queue';
export * from './engine';
