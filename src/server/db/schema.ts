export * from './schema/accounts.ts';
export * from './schema/capture.ts';
export * from './schema/feedback.ts';
export * from './schema/items.ts';
export * from './schema/jobs.ts';
