ALTER TABLE "game_launch_token" ALTER COLUMN "player_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_round" ALTER COLUMN "player_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_seed" ALTER COLUMN "player_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_session" ALTER COLUMN "player_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "game_launch_token" ADD COLUMN "visitor_id" uuid;--> statement-breakpoint
ALTER TABLE "game_round" ADD COLUMN "visitor_id" uuid;--> statement-breakpoint
ALTER TABLE "game_seed" ADD COLUMN "visitor_id" uuid;--> statement-breakpoint
ALTER TABLE "game_session" ADD COLUMN "visitor_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "game_round_visitor_request_key" ON "game_round" USING btree ("visitor_id","client_request_id");--> statement-breakpoint
CREATE INDEX "game_round_visitor_created_idx" ON "game_round" USING btree ("visitor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "game_seed_visitor_active_key" ON "game_seed" USING btree ("visitor_id") WHERE "game_seed"."revealed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "game_session_visitor_idx" ON "game_session" USING btree ("visitor_id");--> statement-breakpoint
ALTER TABLE "game_launch_token" ADD CONSTRAINT "game_launch_token_owner" CHECK (("game_launch_token"."player_id" IS NULL) <> ("game_launch_token"."visitor_id" IS NULL));--> statement-breakpoint
ALTER TABLE "game_launch_token" ADD CONSTRAINT "game_launch_token_real_player" CHECK ("game_launch_token"."mode" <> 'REAL' OR "game_launch_token"."player_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "game_round" ADD CONSTRAINT "game_round_owner" CHECK (("game_round"."player_id" IS NULL) <> ("game_round"."visitor_id" IS NULL));--> statement-breakpoint
ALTER TABLE "game_round" ADD CONSTRAINT "game_round_real_player" CHECK ("game_round"."mode" <> 'REAL' OR "game_round"."player_id" IS NOT NULL);--> statement-breakpoint
ALTER TABLE "game_seed" ADD CONSTRAINT "game_seed_owner" CHECK (("game_seed"."player_id" IS NULL) <> ("game_seed"."visitor_id" IS NULL));--> statement-breakpoint
ALTER TABLE "game_session" ADD CONSTRAINT "game_session_owner" CHECK (("game_session"."player_id" IS NULL) <> ("game_session"."visitor_id" IS NULL));--> statement-breakpoint
ALTER TABLE "game_session" ADD CONSTRAINT "game_session_real_player" CHECK ("game_session"."mode" <> 'REAL' OR "game_session"."player_id" IS NOT NULL);