CREATE TABLE "social_account" (
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"player_id" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "social_account_provider_subject_pk" PRIMARY KEY("provider","subject")
);
--> statement-breakpoint
CREATE TABLE "social_login_state" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"social_type" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"mode" text NOT NULL,
	"player_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "social_login_state_mode_check" CHECK (("social_login_state"."mode" = 'login' AND "social_login_state"."player_id" IS NULL) OR ("social_login_state"."mode" = 'bind' AND "social_login_state"."player_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "social_account" ADD CONSTRAINT "social_account_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_login_state" ADD CONSTRAINT "social_login_state_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "social_account_player_provider_key" ON "social_account" USING btree ("player_id","provider");--> statement-breakpoint
CREATE INDEX "social_login_state_expires_idx" ON "social_login_state" USING btree ("expires_at");