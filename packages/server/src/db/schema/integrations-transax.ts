import { jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies } from './accounts';

/** A company's Transax pricing list as last retrieved from its gateway (issue #24 §2). No credential is kept. */
export const transaxPricingLists = pgTable('transax_pricing_lists', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  gatewayHost: text('gateway_host').notNull(),
  items: jsonb('items')
    .$type<
      {
        id: string;
        name: string;
        description: string | null;
        discountRatePct: number | null;
        perItemFee: number | null;
        monthlyFee: number | null;
      }[]
    >()
    .notNull(),
  retrievedAt: timestamp('retrieved_at', { withTimezone: true }).notNull(),
});
