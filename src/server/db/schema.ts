export * from './schema/accounts.ts';
export * from './schema/feedback.ts';
