CREATE TABLE "player_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "email_change" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"new_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "player_message" ADD CONSTRAINT "player_message_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_change" ADD CONSTRAINT "email_change_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "player_message_player_idx" ON "player_message" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "player_message_unread_idx" ON "player_message" USING btree ("player_id") WHERE "player_message"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX "email_change_player_idx" ON "email_change" USING btree ("player_id");
