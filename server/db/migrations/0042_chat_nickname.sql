-- Chat nicknames (issue 27): players are shown in chat and in bingo winners' lists by a name they
-- choose, never by the name they sign in with. Unique without regard to case, by the index itself,
-- so two players asking for the same name at once cannot both get it.
CREATE TABLE "chat_nickname" (
	"player_id" uuid PRIMARY KEY NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	"nickname" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "chat_nickname_lower_key" ON "chat_nickname" USING btree (lower("nickname"));--> statement-breakpoint
-- A bingo room's chat takes messages only from players who have chosen a nickname.
ALTER TABLE "chat_channel" ADD COLUMN "nickname_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Messages already on the bus name their player authors by sign-in name; a replay would show it
-- again, so the stored events keep no player name (clients show such a message as "a player").
UPDATE "realtime_event" SET "payload" = jsonb_set("payload", '{author,name}', 'null'::jsonb)
WHERE "topic" LIKE 'channel:%' AND "payload" #>> '{author,kind}' = 'PLAYER';
