-- A self-excluded player's cash goes back to them, durably (issue 26 items 4 and 9): the "payback
-- due" record is written in the lock's own transaction, so a crash after the lock commits cannot
-- lose it; the after-lock steps then process it, and a record not done is taken again by the
-- retry timer (claimed_until: the lease of the node working on it). What cannot be paid back
-- automatically becomes a staff task per currency, open until staff mark it done (with a note,
-- audited) or a later payback pays it.
CREATE TABLE "exclusion_payback" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE restrict,
	"lock_id" uuid NOT NULL REFERENCES "rg_lock"("id") ON DELETE restrict,
	"status" text DEFAULT 'DUE' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_error" text,
	"outcome" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "exclusion_payback_status" CHECK ("status" IN ('DUE', 'DONE')),
	CONSTRAINT "exclusion_payback_lock_key" UNIQUE("lock_id")
);
--> statement-breakpoint
CREATE INDEX "exclusion_payback_due_idx" ON "exclusion_payback" USING btree ("created_at") WHERE "status" = 'DUE';
--> statement-breakpoint
CREATE TABLE "exclusion_payback_task" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payback_id" uuid NOT NULL REFERENCES "exclusion_payback"("id") ON DELETE cascade,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE restrict,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"payment_method" text,
	"reason" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	"done_by" uuid,
	"done_how" text,
	"note" text,
	CONSTRAINT "exclusion_payback_task_status" CHECK ("status" IN ('OPEN', 'DONE')),
	CONSTRAINT "exclusion_payback_task_done_how" CHECK ("done_how" IS NULL OR "done_how" IN ('STAFF', 'PAID')),
	CONSTRAINT "exclusion_payback_task_amount" CHECK ("amount" >= 0),
	CONSTRAINT "exclusion_payback_task_currency_key" UNIQUE("payback_id", "currency")
);
--> statement-breakpoint
CREATE INDEX "exclusion_payback_task_open_idx" ON "exclusion_payback_task" USING btree ("created_at") WHERE "status" = 'OPEN';
--> statement-breakpoint
CREATE INDEX "exclusion_payback_task_player_idx" ON "exclusion_payback_task" USING btree ("player_id");
