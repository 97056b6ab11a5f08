import { bigint, timestamp } from 'drizzle-orm/pg-core';

/**
 * Money is an integer count of minor units (cents; thousandths for crypto amounts), stored as
 * `bigint` and read back as a JS `bigint` on both drivers — never a float.
 */
export const minorUnits = (name: string) => bigint(name, { mode: 'bigint' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
