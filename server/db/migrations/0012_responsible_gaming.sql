CREATE TABLE "rg_limit" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"limit_type" text NOT NULL,
	"period_type" text NOT NULL,
	"period_days" bigint NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"pending_amount" bigint,
	"pending_removal" boolean DEFAULT false NOT NULL,
	"pending_effective_at" timestamp with time zone,
	"period_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cumulated" bigint DEFAULT 0 NOT NULL,
	"last_cumulation_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"effective_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_limit_amount_positive" CHECK ("rg_limit"."amount" > 0),
	CONSTRAINT "rg_limit_pending_positive" CHECK ("rg_limit"."pending_amount" IS NULL OR "rg_limit"."pending_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "rg_play_clock" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"session_started_at" timestamp with time zone,
	"last_activity_at" timestamp with time zone,
	"session_ms" bigint DEFAULT 0 NOT NULL,
	"day" text DEFAULT '' NOT NULL,
	"day_ms" bigint DEFAULT 0 NOT NULL,
	"session_net_eur" bigint DEFAULT 0 NOT NULL,
	"session_net_gbp" bigint DEFAULT 0 NOT NULL,
	"reality_check_due_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rg_lock" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"lock_type" text NOT NULL,
	"lock_period_unit" text NOT NULL,
	"lock_period" bigint NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"return_requested_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rg_lock_period" CHECK ("rg_lock"."ends_at" > "rg_lock"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "rg_limit" ADD CONSTRAINT "rg_limit_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_play_clock" ADD CONSTRAINT "rg_play_clock_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rg_lock" ADD CONSTRAINT "rg_lock_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rg_limit_player_type_period_currency" ON "rg_limit" USING btree ("player_id","limit_type","period_type","currency");--> statement-breakpoint
CREATE INDEX "rg_lock_player" ON "rg_lock" USING btree ("player_id","ends_at");--> statement-breakpoint
-- The cashier's personal deposit limits become the responsible-gaming module's. A pending increase
-- keeps waiting: from now on it applies only once the player confirms it (RG-22).
INSERT INTO "rg_limit" ("player_id", "limit_type", "period_type", "period_days", "currency", "amount", "pending_amount", "pending_effective_at", "created_at", "effective_at")
SELECT "player_id", 'DEPOSIT_LIMIT', CASE "period" WHEN 'DAILY' THEN 'Daily' WHEN 'WEEKLY' THEN 'Weekly' ELSE 'Monthly' END,
       CASE "period" WHEN 'DAILY' THEN 1 WHEN 'WEEKLY' THEN 7 ELSE 30 END, "currency", "amount", "pending_amount", "pending_effective_at", "created_at", "updated_at"
  FROM "deposit_limit";--> statement-breakpoint
DROP TABLE "deposit_limit";
