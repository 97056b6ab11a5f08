-- The time-boxed auditor (issue 15; docs/architecture.md §7j "Evidence pack"): a staff account's
-- access ends at this instant (null: no end). The access check refuses every operation after it.
ALTER TABLE "staff_member" ADD COLUMN "access_expires_at" timestamp with time zone;
--> statement-breakpoint
-- Players the platform flags for staff (issue 15, "Queues"): one row per player, reason and source
-- (a jurisdiction mismatch row, or a kind of limit reached on one UTC day), so a repeat is one flag.
CREATE TABLE "player_flag" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	"reason" text NOT NULL,
	"source_key" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"raised_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "player_flag_source_unique" UNIQUE("player_id", "reason", "source_key")
);
--> statement-breakpoint
CREATE INDEX "player_flag_open_idx" ON "player_flag" USING btree ("raised_at") WHERE "closed_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "player_flag_interaction" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"flag_id" uuid NOT NULL REFERENCES "player_flag"("id") ON DELETE cascade,
	"staff_id" uuid NOT NULL REFERENCES "staff_member"("id"),
	"staff_username" text NOT NULL,
	"discussed" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "player_flag_interaction_flag_idx" ON "player_flag_interaction" USING btree ("flag_id", "created_at");
