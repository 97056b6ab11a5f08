CREATE TABLE "game_launch_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "game_launch_token_mode" CHECK ("game_launch_token"."mode" IN ('REAL', 'FREE'))
);
--> statement-breakpoint
CREATE TABLE "game_round" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"stake" bigint NOT NULL,
	"win" bigint DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"seed_id" uuid NOT NULL,
	"nonce" bigint NOT NULL,
	"outcome" jsonb NOT NULL,
	"client_request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "game_round_status" CHECK ("game_round"."status" IN ('OPEN', 'SETTLED', 'ROLLED_BACK')),
	CONSTRAINT "game_round_mode" CHECK ("game_round"."mode" IN ('REAL', 'FREE')),
	CONSTRAINT "game_round_amounts" CHECK ("game_round"."stake" > 0 AND "game_round"."win" >= 0)
);
--> statement-breakpoint
CREATE TABLE "game_seed" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"next_nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "game_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"mode" text NOT NULL,
	"currency" text NOT NULL,
	"free_balance" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "game_session_mode" CHECK ("game_session"."mode" IN ('REAL', 'FREE'))
);
--> statement-breakpoint
ALTER TABLE "game_launch_token" ADD CONSTRAINT "game_launch_token_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_round" ADD CONSTRAINT "game_round_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_round" ADD CONSTRAINT "game_round_seed_id_game_seed_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."game_seed"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_seed" ADD CONSTRAINT "game_seed_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_session" ADD CONSTRAINT "game_session_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_round_request_key" ON "game_round" USING btree ("player_id","client_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "game_round_seed_nonce_key" ON "game_round" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "game_round_player_created_idx" ON "game_round" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "game_round_open_idx" ON "game_round" USING btree ("player_id") WHERE "game_round"."status" = 'OPEN';--> statement-breakpoint
CREATE UNIQUE INDEX "game_seed_active_key" ON "game_seed" USING btree ("player_id") WHERE "game_seed"."revealed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "game_session_player_idx" ON "game_session" USING btree ("player_id");