CREATE TABLE "referral_code" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_code_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_code_code_unique" ON "referral_code" USING btree ("code");
--> statement-breakpoint
CREATE TABLE "referral_invitation" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_invitation_referrer_id_player_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_invitation_address" ON "referral_invitation" USING btree ("referrer_id", lower("email"));
--> statement-breakpoint
CREATE TABLE "referral" (
	"referred_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"self_referral" text,
	"first_deposit_amount" bigint,
	"first_deposit_currency" text,
	"first_deposit_payment_id" uuid,
	"first_deposit_at" timestamp with time zone,
	"invitation_id" bigint,
	"qualified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_referred_id_player_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "referral_referrer_id_player_id_fk" FOREIGN KEY ("referrer_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "referral_not_self" CHECK ("referral"."referred_id" <> "referral"."referrer_id"),
	CONSTRAINT "referral_self_referral" CHECK ("referral"."self_referral" IS NULL OR "referral"."self_referral" IN ('EMAIL', 'BROWSER', 'PAYMENT_INSTRUMENT'))
);
--> statement-breakpoint
CREATE INDEX "referral_referrer_idx" ON "referral" USING btree ("referrer_id");
--> statement-breakpoint
CREATE TABLE "referral_reward" (
	"referred_id" uuid PRIMARY KEY NOT NULL,
	"referrer_id" uuid NOT NULL,
	"outcome" text NOT NULL,
	"amount" bigint NOT NULL,
	"currency" text NOT NULL,
	"player_bonus_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_reward_referred_id_referral_referred_id_fk" FOREIGN KEY ("referred_id") REFERENCES "public"."referral"("referred_id") ON DELETE cascade ON UPDATE no action,
	CONSTRAINT "referral_reward_outcome" CHECK ("referral_reward"."outcome" IN ('GRANTED', 'WITHHELD_LOCKED', 'NO_PLAN'))
);
--> statement-breakpoint
INSERT INTO "referral_code" ("player_id", "code") SELECT "id", substr(encode(sha256(convert_to('emerald-referral:' || "id"::text, 'UTF8')), 'hex'), 1, 16) FROM "player" ON CONFLICT DO NOTHING;
