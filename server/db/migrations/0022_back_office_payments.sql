-- Back office money actions (issue 15; docs/architecture.md §7j "Payments"). A manual ledger
-- adjustment is requested by one staff member and posted only when a second one approves it; the
-- row keeps both names, and the check makes self-approval impossible even past the service.
CREATE TABLE "staff_ledger_adjustment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"direction" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'REQUESTED' NOT NULL,
	"requested_by" uuid NOT NULL,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_reason" text,
	"ledger_transaction_id" bigint,
	CONSTRAINT "staff_ledger_adjustment_amount" CHECK ("staff_ledger_adjustment"."amount" > 0),
	CONSTRAINT "staff_ledger_adjustment_direction" CHECK ("staff_ledger_adjustment"."direction" IN ('CREDIT', 'DEBIT')),
	CONSTRAINT "staff_ledger_adjustment_status" CHECK ("staff_ledger_adjustment"."status" IN ('REQUESTED', 'APPROVED', 'REJECTED')),
	CONSTRAINT "staff_ledger_adjustment_four_eyes" CHECK ("staff_ledger_adjustment"."decided_by" IS NULL OR "staff_ledger_adjustment"."decided_by" <> "staff_ledger_adjustment"."requested_by" OR "staff_ledger_adjustment"."status" = 'REJECTED')
);
--> statement-breakpoint
ALTER TABLE "staff_ledger_adjustment" ADD CONSTRAINT "staff_ledger_adjustment_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff_ledger_adjustment" ADD CONSTRAINT "staff_ledger_adjustment_requested_by_staff_member_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "staff_ledger_adjustment" ADD CONSTRAINT "staff_ledger_adjustment_decided_by_staff_member_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "staff_ledger_adjustment_open_idx" ON "staff_ledger_adjustment" USING btree ("requested_at") WHERE "staff_ledger_adjustment"."status" = 'REQUESTED';
--> statement-breakpoint
-- The house side of manual adjustments, per currency, before any movement uses it (as 0004 does).
INSERT INTO "wallet_account" ("house", "currency", "bucket", "may_go_negative")
SELECT 'MANUAL_ADJUSTMENT', currency, 'MANUAL_ADJUSTMENT', true
  FROM (VALUES ('EUR'), ('GBP')) AS c(currency)
ON CONFLICT DO NOTHING;
