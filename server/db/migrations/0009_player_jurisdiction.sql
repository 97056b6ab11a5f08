CREATE TABLE "jurisdiction_mismatch" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"seen_at" text NOT NULL,
	"declared_country" text,
	"address_country" text NOT NULL,
	"ip_address" text NOT NULL,
	"jurisdiction" text,
	"times_seen" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "registration_ip_country" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "play_ip_country" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "jurisdiction" text;--> statement-breakpoint
ALTER TABLE "jurisdiction_mismatch" ADD CONSTRAINT "jurisdiction_mismatch_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jurisdiction_mismatch_player_place_country" ON "jurisdiction_mismatch" USING btree ("player_id","seen_at","address_country");--> statement-breakpoint
CREATE INDEX "jurisdiction_mismatch_unreviewed" ON "jurisdiction_mismatch" USING btree ("created_at") WHERE "jurisdiction_mismatch"."reviewed_at" IS NULL;--> statement-breakpoint
-- Players signed up before the address countries were kept play under their declared country, as before.
UPDATE "player" SET "jurisdiction" = upper(trim("country")) WHERE "country" IS NOT NULL;
