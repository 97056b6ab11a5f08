CREATE TABLE "exclusion_register_check" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"register" text NOT NULL,
	"answer" text NOT NULL,
	"place" text NOT NULL,
	"provider" text NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exclusion_register_check_register" CHECK ("register" IN ('GAMSTOP', 'NGER')),
	CONSTRAINT "exclusion_register_check_answer" CHECK ("answer" IN ('CLEAR', 'REGISTERED', 'UNAVAILABLE')),
	CONSTRAINT "exclusion_register_check_place" CHECK ("place" IN ('SIGNUP', 'LOGIN'))
);
--> statement-breakpoint
ALTER TABLE "exclusion_register_check" ADD CONSTRAINT "exclusion_register_check_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "exclusion_register_check_player_idx" ON "exclusion_register_check" USING btree ("player_id","register","checked_at");
