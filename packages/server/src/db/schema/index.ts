// The drizzle schema object: every table, so relational queries and drizzle-kit see them all.
export * from './accounts';
export * from './applications';
export * from './audit';
export * from './auth';
export * from './billing';
export * from './coupons';
export * from './custom-forms';
export * from './documents';
export * from './events';
export * from './files';
export * from './mail';
export * from './notes';
export * from './notifications';
export * from './signatures';
export * from './team';
export * from './templates';
export * from './vault';
