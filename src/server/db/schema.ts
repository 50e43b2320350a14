export * from './schema/accounts.ts';
export * from './schema/annotations.ts';
export * from './schema/capture.ts';
export * from './schema/feedback.ts';
export * from './schema/files.ts';
export * from './schema/items.ts';
export * from './schema/jobs.ts';
export * from './schema/outliners.ts';
