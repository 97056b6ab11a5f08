-- The account-holder register (issue 29 item 9; Ireland, Gambling Regulation Act 2024): a player
-- is removed on request or after months without play. Removal anonymises the player row in place
-- (the ledger, payments, rounds and the audit log keep pointing at the same id), so the row records
-- when; a removal that finds it set does nothing.
ALTER TABLE "player" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
-- One row per removal: why (REQUEST or INACTIVITY), who asked, the notice, and what became of it.
-- At most one row per player is NOTICE, BLOCKED or DONE (the partial unique index), so two runs of
-- the job, or a request racing it, cannot both give notice or both remove.
CREATE TABLE "account_removal" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by" text NOT NULL,
	"last_play_at" timestamp with time zone,
	"due_at" timestamp with time zone NOT NULL,
	"blocked_reason" text,
	"message_id" bigint,
	"emailed_at" timestamp with time zone,
	"done_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_removal_reason" CHECK ("reason" in ('REQUEST', 'INACTIVITY')),
	CONSTRAINT "account_removal_status" CHECK ("status" in ('NOTICE', 'BLOCKED', 'DONE', 'CANCELLED')),
	CONSTRAINT "account_removal_blocked_reason" CHECK ("blocked_reason" IS NULL OR "blocked_reason" in ('BALANCE', 'PENDING_WITHDRAWAL'))
);--> statement-breakpoint
CREATE UNIQUE INDEX "account_removal_open_key" ON "account_removal" USING btree ("player_id") WHERE "status" in ('NOTICE', 'BLOCKED', 'DONE');--> statement-breakpoint
CREATE INDEX "account_removal_due_idx" ON "account_removal" USING btree ("due_at") WHERE "status" in ('NOTICE', 'BLOCKED');--> statement-breakpoint
CREATE INDEX "account_removal_created_idx" ON "account_removal" USING btree ("created_at");
