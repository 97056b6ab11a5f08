CREATE TABLE "content_post" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"slug" text NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'publish' NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"acf" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"roles" text[] DEFAULT '{}'::text[] NOT NULL,
	"registration_status" text DEFAULT 'QUICK_REG' NOT NULL,
	"kyc_status" text DEFAULT 'N/A' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_username_unique" UNIQUE("username"),
	CONSTRAINT "player_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "player_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "system_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_session" ADD CONSTRAINT "player_session_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "content_post_type_slug_lang_key" ON "content_post" USING btree ("type","slug","lang");--> statement-breakpoint
CREATE INDEX "content_post_type_priority_idx" ON "content_post" USING btree ("type","priority");--> statement-breakpoint
CREATE INDEX "player_session_player_idx" ON "player_session" USING btree ("player_id");