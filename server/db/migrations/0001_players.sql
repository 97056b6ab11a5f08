CREATE TABLE "consent_version" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"name" text NOT NULL,
	"parent_key" text NOT NULL,
	"is_mandatory" boolean NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_reset" (
	"key_hash" text PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "player_consent" (
	"player_id" uuid NOT NULL,
	"consent_version_id" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_consent_player_id_consent_version_id_pk" PRIMARY KEY("player_id","consent_version_id")
);
--> statement-breakpoint
CREATE TABLE "player_currency_account" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_currency_account_player_id_currency_pk" PRIMARY KEY("player_id","currency")
);
--> statement-breakpoint
CREATE TABLE "throttle_bucket" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"template" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"transport" text NOT NULL,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "password_hash" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "vip_status" text DEFAULT 'BRONZE' NOT NULL;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "language" text DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "birth_date" date;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "receive_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "gender" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "profession" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "unit" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "building" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "municipality" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "postal_code" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "country" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "referral_id" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "affiliate_click_id" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "affiliate_id" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "registration_ip" text;--> statement-breakpoint
ALTER TABLE "player_session" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "password_reset" ADD CONSTRAINT "password_reset_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_consent" ADD CONSTRAINT "player_consent_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_consent" ADD CONSTRAINT "player_consent_consent_version_id_consent_version_id_fk" FOREIGN KEY ("consent_version_id") REFERENCES "public"."consent_version"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_currency_account" ADD CONSTRAINT "player_currency_account_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "password_reset_player_idx" ON "password_reset" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "player_currency_account_one_primary" ON "player_currency_account" USING btree ("player_id") WHERE "player_currency_account"."is_primary";--> statement-breakpoint
CREATE UNIQUE INDEX "player_username_lower_key" ON "player" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "player_email_lower_key" ON "player" USING btree (lower("email"));