-- Message channels (server/channels; issue 16, spec 000 §2, §3 Chronos channel, §7 channel/all).
CREATE TABLE "chat_channel" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"mode" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_channel_mode" CHECK ("mode" IN ('BANNER', 'PLAIN', 'CHAT', 'RAW'))
);
--> statement-breakpoint
-- Each message carries the sequence number its event got on the topic channel:<id>, so reading
-- "after seq" and the gateway's replay count the same way.
CREATE TABLE "chat_message" (
	"channel_id" integer NOT NULL REFERENCES "chat_channel"("id") ON DELETE cascade,
	"seq" bigint NOT NULL,
	"author_kind" text NOT NULL,
	"author_id" text NOT NULL,
	"author_name" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_message_pkey" PRIMARY KEY ("channel_id", "seq"),
	CONSTRAINT "chat_message_author_kind" CHECK ("author_kind" IN ('PLAYER', 'STAFF'))
);
--> statement-breakpoint
CREATE INDEX "chat_message_author_idx" ON "chat_message" USING btree ("author_id", "created_at");
--> statement-breakpoint
-- Channel 20 is the Chronos page's default (CONTENT-26); the others give its pickers a choice.
INSERT INTO "chat_channel" ("id", "name", "mode") VALUES
	(20, 'Emerald lounge', 'CHAT'),
	(21, 'News and announcements', 'BANNER'),
	(22, 'Big wins', 'PLAIN');
