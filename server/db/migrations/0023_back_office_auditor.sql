-- The time-boxed auditor (issue 15; docs/architecture.md §7j "Evidence pack"): a staff account's
-- access ends at this instant (null: no end). The access check refuses every operation after it.
ALTER TABLE "staff_member" ADD COLUMN "access_expires_at" timestamp with time zone;
