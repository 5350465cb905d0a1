// Columns every business table carries (ARCHITECTURE §4): who/when stamps and the optimistic-concurrency version.
import { integer, timestamp } from 'drizzle-orm/pg-core';

export const stamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  createdBy: integer('created_by'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  updatedBy: integer('updated_by'),
  version: integer('version').notNull().default(0),
});
