-- Financial vulnerability checks and financial risk assessments (issue 29 item 3). One row per
-- rule a player crossed in a trigger window; the unique index on (player, rule, window start)
-- backs the conditional insert that writes it under a per-player lock.
CREATE TABLE "financial_check" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	"rule" text NOT NULL,
	"currency" text NOT NULL,
	"measured" bigint NOT NULL,
	"threshold" bigint NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"outcome" text,
	"provider" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"claimed_until" timestamp with time zone,
	"deposit_cap" bigint,
	"completed_at" timestamp with time zone,
	"flagged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "financial_check_player_rule_window_key" ON "financial_check" USING btree ("player_id", "rule", "window_start");--> statement-breakpoint
CREATE INDEX "financial_check_player_rule_end_idx" ON "financial_check" USING btree ("player_id", "rule", "window_end");--> statement-breakpoint
CREATE INDEX "financial_check_due_idx" ON "financial_check" USING btree ("next_attempt_at") WHERE "financial_check"."status" = 'PENDING';--> statement-breakpoint
-- A deposit limit the operator sets (a check's CONCERN): no player operation touches this table,
-- so the player cannot raise or remove it.
CREATE TABLE "rg_operator_limit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	"currency" text NOT NULL,
	"period_days" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"source_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_operator_limit_amount_positive" CHECK ("rg_operator_limit"."amount" > 0)
);--> statement-breakpoint
CREATE UNIQUE INDEX "rg_operator_limit_player_currency_period" ON "rg_operator_limit" USING btree ("player_id", "currency", "period_days");
