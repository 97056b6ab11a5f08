-- Live support conversations (server/support; issue 16, spec 000 §1 live chat): a player's
-- conversation with support staff and its messages, kept after it is closed.
CREATE TABLE "support_conversation" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	-- The player's username when the conversation started, for the staff queue.
	"player_name" text NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	CONSTRAINT "support_conversation_status" CHECK ("status" IN ('OPEN', 'CLOSED'))
);
--> statement-breakpoint
-- At most one open conversation per player: writing again continues it.
CREATE UNIQUE INDEX "support_conversation_open_idx" ON "support_conversation" USING btree ("player_id") WHERE "status" = 'OPEN';
--> statement-breakpoint
CREATE INDEX "support_conversation_queue_idx" ON "support_conversation" USING btree ("status", "last_message_at");
--> statement-breakpoint
CREATE TABLE "support_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"conversation_id" uuid NOT NULL REFERENCES "support_conversation"("id") ON DELETE cascade,
	"author_kind" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_message_author_kind" CHECK ("author_kind" IN ('PLAYER', 'STAFF'))
);
--> statement-breakpoint
CREATE INDEX "support_message_conversation_idx" ON "support_message" USING btree ("conversation_id", "id");
--> statement-breakpoint
CREATE INDEX "support_message_author_idx" ON "support_message" USING btree ("author_id", "created_at");
