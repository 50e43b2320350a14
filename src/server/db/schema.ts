export * from './schema/accounts.ts';
export * from './schema/feedback.ts';
export * from './schema/items.ts';
