-- Logging out of the portal ends the game sessions that portal session launched (SESS-19; issue 25):
-- a launch token and the game session it opens remember the portal session's token hash (SHA-256,
-- as player_session keeps it). Null for a visitor's free play.
ALTER TABLE "game_launch_token" ADD COLUMN "portal_session_hash" text;
--> statement-breakpoint
ALTER TABLE "game_session" ADD COLUMN "portal_session_hash" text;
--> statement-breakpoint
CREATE INDEX "game_session_portal_session_idx" ON "game_session" ("portal_session_hash") WHERE "portal_session_hash" IS NOT NULL;
