CREATE TABLE "game_favourite" (
	"player_id" uuid NOT NULL,
	"game_id" text NOT NULL,
	"platform" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_favourite_player_id_game_id_pk" PRIMARY KEY("player_id","game_id")
);
--> statement-breakpoint
ALTER TABLE "game_favourite" ADD CONSTRAINT "game_favourite_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_favourite_player_created_idx" ON "game_favourite" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "game_round_game_created_idx" ON "game_round" USING btree ("game_id","created_at");