-- Free-spin bonuses (issue 14; docs/architecture.md §7g "Free spins"). A FREE_SPINS bonus_plan has
-- one free_spin_plan row with its spin rules; a grant is a player's spins on the plan, counted down
-- under its row lock; each spin played is one free_spin_round beside its game_round.
CREATE TABLE "free_spin_plan" (
	"plan_id" integer PRIMARY KEY NOT NULL,
	"spins" integer NOT NULL,
	"stake" bigint NOT NULL,
	"game_ids" jsonb NOT NULL,
	"valid_days" integer NOT NULL,
	CONSTRAINT "free_spin_plan_numbers" CHECK ("free_spin_plan"."spins" > 0 AND "free_spin_plan"."stake" > 0 AND "free_spin_plan"."valid_days" > 0 AND jsonb_array_length("free_spin_plan"."game_ids") > 0)
);
--> statement-breakpoint
CREATE TABLE "free_spin_grant" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"plan_id" integer NOT NULL,
	"bonus_id" bigint NOT NULL,
	"currency" text NOT NULL,
	"game_ids" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"spins_total" integer NOT NULL,
	"spins_left" integer NOT NULL,
	"won" bigint DEFAULT 0 NOT NULL,
	"reference" text,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_spin_grant_spins" CHECK ("free_spin_grant"."spins_total" > 0 AND "free_spin_grant"."spins_left" >= 0 AND "free_spin_grant"."spins_left" <= "free_spin_grant"."spins_total" AND "free_spin_grant"."stake" > 0 AND "free_spin_grant"."won" >= 0)
);
--> statement-breakpoint
CREATE TABLE "free_spin_round" (
	"round_id" uuid PRIMARY KEY NOT NULL,
	"grant_id" bigint NOT NULL,
	"spin_number" integer NOT NULL,
	"win" bigint NOT NULL,
	"credited" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "free_spin_plan" ADD CONSTRAINT "free_spin_plan_plan_id_bonus_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."bonus_plan"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_spin_grant" ADD CONSTRAINT "free_spin_grant_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_spin_grant" ADD CONSTRAINT "free_spin_grant_plan_id_bonus_plan_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."bonus_plan"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_spin_grant" ADD CONSTRAINT "free_spin_grant_bonus_id_player_bonus_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_spin_round" ADD CONSTRAINT "free_spin_round_grant_id_free_spin_grant_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."free_spin_grant"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "free_spin_grant_player_idx" ON "free_spin_grant" USING btree ("player_id","currency");--> statement-breakpoint
CREATE UNIQUE INDEX "free_spin_grant_reference" ON "free_spin_grant" USING btree ("player_id","reference");--> statement-breakpoint
CREATE UNIQUE INDEX "free_spin_round_spin" ON "free_spin_round" USING btree ("grant_id","spin_number");
