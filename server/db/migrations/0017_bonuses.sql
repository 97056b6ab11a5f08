CREATE TABLE "bonus_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"percentage" integer DEFAULT 0 NOT NULL,
	"cap" bigint NOT NULL,
	"min_deposit" bigint DEFAULT 0 NOT NULL,
	"methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_deposit_only" boolean DEFAULT false NOT NULL,
	"code" text,
	"wagering_multiplier" integer NOT NULL,
	"contributions" jsonb NOT NULL,
	"max_stake" bigint,
	"validity_days" integer NOT NULL,
	"content_slug" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_plan_kind" CHECK ("bonus_plan"."kind" IN ('DEPOSIT_MATCH', 'CODE', 'FREE_SPINS', 'NO_DEPOSIT')),
	CONSTRAINT "bonus_plan_numbers" CHECK ("bonus_plan"."percentage" >= 0 AND "bonus_plan"."cap" > 0 AND "bonus_plan"."min_deposit" >= 0 AND "bonus_plan"."wagering_multiplier" >= 0 AND "bonus_plan"."validity_days" > 0)
);
--> statement-breakpoint
CREATE TABLE "player_bonus" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"plan_id" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"amount" bigint NOT NULL,
	"wager_requirement" bigint NOT NULL,
	"amount_wagered" bigint DEFAULT 0 NOT NULL,
	"released" bigint DEFAULT 0 NOT NULL,
	"forfeited" bigint DEFAULT 0 NOT NULL,
	"payment_id" uuid,
	"granted_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "player_bonus_status" CHECK ("player_bonus"."status" IN ('ACTIVE', 'QUEUED', 'PENDING', 'RELEASED', 'CANCELLED', 'EXPIRED', 'FORFEITED')),
	CONSTRAINT "player_bonus_amounts" CHECK ("player_bonus"."amount" >= 0 AND "player_bonus"."wager_requirement" >= 0 AND "player_bonus"."amount_wagered" >= 0)
);
--> statement-breakpoint
ALTER TABLE "player_bonus" ADD CONSTRAINT "player_bonus_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonus" ADD CONSTRAINT "player_bonus_plan_id_bonus_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."bonus_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_plan_code_unique" ON "bonus_plan" USING btree ("code");--> statement-breakpoint
CREATE INDEX "player_bonus_player_idx" ON "player_bonus" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonus_one_active" ON "player_bonus" USING btree ("player_id","currency") WHERE "player_bonus"."status" = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonus_payment" ON "player_bonus" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "player_bonus_expiry_idx" ON "player_bonus" USING btree ("expires_at") WHERE "player_bonus"."status" = 'ACTIVE';
