CREATE TABLE "wallet_account" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid,
	"house" text,
	"currency" text NOT NULL,
	"bucket" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"may_go_negative" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_account_balance_not_negative" CHECK ("wallet_account"."may_go_negative" OR "wallet_account"."balance" >= 0),
	CONSTRAINT "wallet_account_owner" CHECK (("wallet_account"."player_id" IS NULL) <> ("wallet_account"."house" IS NULL)),
	CONSTRAINT "wallet_account_player_never_negative" CHECK ("wallet_account"."player_id" IS NULL OR NOT "wallet_account"."may_go_negative")
);
--> statement-breakpoint
CREATE TABLE "wallet_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transaction_id" bigint NOT NULL,
	"account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_entry_amount_not_zero" CHECK ("wallet_entry"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_transaction" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"kind" text NOT NULL,
	"player_id" uuid,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text,
	"game_id" text,
	"reverses_transaction_id" bigint,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_transaction_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "wallet_transaction_amount_not_negative" CHECK ("wallet_transaction"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cashier_preference" (
	"player_id" uuid PRIMARY KEY NOT NULL,
	"deposit_limits_confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "deposit_limit" (
	"player_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"pending_amount" bigint,
	"pending_effective_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_limit_player_id_currency_period_pk" PRIMARY KEY("player_id","currency","period"),
	CONSTRAINT "deposit_limit_positive" CHECK ("deposit_limit"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"type" text NOT NULL,
	"method_code" text NOT NULL,
	"provider" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'CREATED' NOT NULL,
	"provider_reference" text,
	"stored_card_id" uuid,
	"pay_from_email" text,
	"bonus_plan_id" integer,
	"voucher_code" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"failure_reason" text,
	"ledger_transaction_id" bigint,
	"settlement_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payment_amount_positive" CHECK ("payment"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"payment_id" uuid,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "stored_card" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"method_code" text NOT NULL,
	"provider" text NOT NULL,
	"provider_token" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"name_on_card" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "stored_card_last_four" CHECK ("stored_card"."last_four" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_card" (
	"token" text PRIMARY KEY NOT NULL,
	"customer_reference" text NOT NULL,
	"brand" text NOT NULL,
	"last_four" text NOT NULL,
	"name_on_card" text NOT NULL,
	"expiry_month" integer NOT NULL,
	"expiry_year" integer NOT NULL,
	"scenario" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_psp_payment" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_reference" text NOT NULL,
	"method_code" text NOT NULL,
	"direction" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"scenario" text,
	"card_token" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"webhook_due_at" timestamp with time zone,
	"webhook_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_account" ADD CONSTRAINT "wallet_account_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_transaction_id_wallet_transaction_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."wallet_transaction"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entry" ADD CONSTRAINT "wallet_entry_account_id_wallet_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."wallet_account"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transaction" ADD CONSTRAINT "wallet_transaction_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashier_preference" ADD CONSTRAINT "cashier_preference_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_limit" ADD CONSTRAINT "deposit_limit_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment" ADD CONSTRAINT "payment_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_event" ADD CONSTRAINT "payment_event_payment_id_payment_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stored_card" ADD CONSTRAINT "stored_card_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_account_player_key" ON "wallet_account" USING btree ("player_id","currency","bucket") WHERE "wallet_account"."player_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_account_house_key" ON "wallet_account" USING btree ("house","currency") WHERE "wallet_account"."house" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "wallet_entry_transaction_idx" ON "wallet_entry" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "wallet_entry_account_idx" ON "wallet_entry" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "wallet_transaction_player_idx" ON "wallet_transaction" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_transaction_reference_idx" ON "wallet_transaction" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_request_key" ON "payment" USING btree ("player_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_provider_reference_key" ON "payment" USING btree ("provider","provider_reference");--> statement-breakpoint
CREATE INDEX "payment_player_created_idx" ON "payment" USING btree ("player_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stored_card_token_key" ON "stored_card" USING btree ("provider","provider_token");--> statement-breakpoint
CREATE INDEX "stored_card_player_idx" ON "stored_card" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "sandbox_psp_payment_merchant_idx" ON "sandbox_psp_payment" USING btree ("merchant_reference");--> statement-breakpoint
-- Ledger rows are never changed or removed: corrections are new transactions (ARCHITECTURE §3).
CREATE FUNCTION wallet_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger rows are immutable: % on % refused', TG_OP, TG_TABLE_NAME USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER wallet_entry_immutable BEFORE UPDATE OR DELETE ON "wallet_entry" FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();
--> statement-breakpoint
CREATE TRIGGER wallet_transaction_immutable BEFORE UPDATE OR DELETE ON "wallet_transaction" FOR EACH ROW EXECUTE FUNCTION wallet_refuse_change();
--> statement-breakpoint
-- Every transaction's entries sum to zero, all in the transaction's currency, checked at commit.
CREATE FUNCTION wallet_check_transaction_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  total numeric;
  entries integer;
  foreign_currency integer;
BEGIN
  SELECT COALESCE(SUM(e.amount), 0), COUNT(*), COUNT(*) FILTER (WHERE a.currency <> t.currency)
    INTO total, entries, foreign_currency
    FROM wallet_entry e
    JOIN wallet_account a ON a.id = e.account_id
    JOIN wallet_transaction t ON t.id = e.transaction_id
   WHERE e.transaction_id = NEW.transaction_id;
  IF total <> 0 OR entries < 2 OR foreign_currency > 0 THEN
    RAISE EXCEPTION 'wallet transaction % is not balanced (sum %, % entries, % in another currency)', NEW.transaction_id, total, entries, foreign_currency
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER wallet_entry_balanced AFTER INSERT ON "wallet_entry" DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION wallet_check_transaction_balanced();
--> statement-breakpoint
-- The house accounts exist before any movement, so no movement creates one in a transaction that may roll back.
INSERT INTO "wallet_account" ("house", "currency", "bucket", "may_go_negative")
SELECT house, currency, house, house <> 'WITHDRAWALS_PENDING'
  FROM (VALUES ('PSP_CLEARING'), ('WITHDRAWALS_PENDING'), ('GAME'), ('BONUS_COST')) AS h(house)
 CROSS JOIN (VALUES ('EUR'), ('GBP')) AS c(currency);
