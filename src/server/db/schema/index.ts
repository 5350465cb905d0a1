// Every table of the database, for Drizzle and drizzle-kit.

export * from './billing.js';
export * from './identity.js';
export * from './inventory.js';
export * from './invoicing.js';
export * from './platform.js';
export * from './reports.js';
export * from './sales.js';
export * from './staff.js';
export * from './webhooks.js';
export * from './work.js';
