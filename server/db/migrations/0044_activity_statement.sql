-- Regular activity statements (issue 29 item 10): one row per player and UTC month. The unique
-- index is what lets every node run the job: an insert that loses the race writes nothing (ON
-- CONFLICT DO NOTHING), and so sends nothing.
CREATE TABLE "activity_statement" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	"month" text NOT NULL,
	"jurisdiction" text NOT NULL,
	"language" text NOT NULL,
	"figures" jsonb NOT NULL,
	"play_ms" bigint NOT NULL,
	"message_id" bigint,
	"emailed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "activity_statement_player_month_key" ON "activity_statement" USING btree ("player_id", "month");
