-- Real-time events (server/realtime) and live roulette tables (server/games/kinds/live-roulette).

-- The event bus: every event is stored with a per-topic sequence number in the transaction that
-- publishes it, so a client that reconnects replays what it missed from here.
CREATE TABLE "realtime_topic" (
	"topic" text PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "realtime_event" (
	"topic" text NOT NULL,
	"seq" bigint NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "realtime_event_pkey" PRIMARY KEY ("topic", "seq")
);
--> statement-breakpoint
-- A live table: which node drives it (a lease that expires) and its configuration's name.
CREATE TABLE "live_table" (
	"id" text PRIMARY KEY NOT NULL,
	"game_id" text NOT NULL,
	"lease_holder" text,
	"lease_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One shared round of a table: betting window, no more bets, result, settlement. The server seed
-- stays secret until the round is SETTLED; its hash is the commitment shown when betting opens.
CREATE TABLE "live_round" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"table_id" text NOT NULL REFERENCES "live_table"("id") ON DELETE cascade,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"result" integer,
	"settled_at" timestamp with time zone,
	CONSTRAINT "live_round_status" CHECK ("status" IN ('BETTING', 'CLOSED', 'SETTLED')),
	CONSTRAINT "live_round_result" CHECK ("result" IS NULL OR ("result" >= 0 AND "result" <= 36))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "live_round_table_number_key" ON "live_round" USING btree ("table_id", "number");
--> statement-breakpoint
-- A player's accepted bets on one round (one wallet debit); settled once (one wallet credit).
CREATE TABLE "live_bet" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"round_id" uuid NOT NULL REFERENCES "live_round"("id") ON DELETE restrict,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE restrict,
	"game_session_hash" text NOT NULL,
	"currency" text NOT NULL,
	"bets" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint,
	"outcome" jsonb,
	"client_request_id" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "live_bet_stake_positive" CHECK ("stake" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "live_bet_player_request_key" ON "live_bet" USING btree ("player_id", "client_request_id");
--> statement-breakpoint
CREATE INDEX "live_bet_round_unsettled_idx" ON "live_bet" USING btree ("round_id") WHERE "settled_at" IS NULL;
