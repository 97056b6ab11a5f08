ALTER TABLE "game_session" ADD COLUMN "net_position" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Live sessions start from the total their rounds so far add up to (wins − stakes since the session opened).
UPDATE "game_session" AS s SET "net_position" = coalesce((
  SELECT sum(r."win" - r."stake") FROM "game_round" AS r
   WHERE (r."player_id" = s."player_id" OR r."visitor_id" = s."visitor_id") AND r."game_id" = s."game_id" AND r."mode" = s."mode"
     AND r."status" <> 'ROLLED_BACK' AND r."created_at" >= s."created_at"), 0)
 WHERE s."expires_at" > now();
