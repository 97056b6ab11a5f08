-- Once-only bonuses are decided by the database (issue 26 defect 1): a bonus that may be taken
-- once carries its claim — `plan:<id>` for a redeemed code, `first-deposit:<currency>` for a
-- first-deposit plan — unique per player, so parallel requests insert one bonus and the others
-- are refused. Earlier bonuses claim what the old checks counted: the first bonus of a player on
-- a code plan, and the first first-deposit bonus per currency that was not cancelled.
ALTER TABLE "player_bonus" ADD COLUMN "claim" text;
--> statement-breakpoint
UPDATE "player_bonus" SET "claim" = 'plan:' || "player_bonus"."plan_id"
  FROM (SELECT DISTINCT ON (b."player_id", b."plan_id") b."id"
          FROM "player_bonus" b JOIN "bonus_plan" p ON p."id" = b."plan_id"
         WHERE p."kind" IN ('CODE', 'NO_DEPOSIT', 'FREE_SPINS') AND p."code" IS NOT NULL
         ORDER BY b."player_id", b."plan_id", b."id") AS "first"
 WHERE "player_bonus"."id" = "first"."id";
--> statement-breakpoint
UPDATE "player_bonus" SET "claim" = 'first-deposit:' || "player_bonus"."currency"
  FROM (SELECT DISTINCT ON (b."player_id", b."currency") b."id"
          FROM "player_bonus" b JOIN "bonus_plan" p ON p."id" = b."plan_id"
         WHERE p."first_deposit_only" AND b."status" <> 'CANCELLED' AND b."claim" IS NULL
         ORDER BY b."player_id", b."currency", b."id") AS "first"
 WHERE "player_bonus"."id" = "first"."id";
--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonus_claim" ON "player_bonus" USING btree ("player_id","claim");
--> statement-breakpoint
-- Winnings of bonus-funded stakes follow the bonus that funded them (issue 26 defect 2): the
-- round's funding bonus, written when a stake takes BONUS money.
CREATE TABLE "bonus_funded_round" (
	"player_id" uuid NOT NULL,
	"provider_id" text NOT NULL,
	"round_id" text NOT NULL,
	"bonus_id" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bonus_funded_round_player_id_provider_id_round_id_pk" PRIMARY KEY("player_id","provider_id","round_id")
);
--> statement-breakpoint
ALTER TABLE "bonus_funded_round" ADD CONSTRAINT "bonus_funded_round_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_funded_round" ADD CONSTRAINT "bonus_funded_round_bonus_id_player_bonus_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_funded_round_bonus_idx" ON "bonus_funded_round" USING btree ("bonus_id");
