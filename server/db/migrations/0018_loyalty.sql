-- Loyalty (issue 14; LOY-*): the points ledger, the running balance it keeps, the shop's items and
-- its orders. Points are whole numbers; a balance can never go below zero.
CREATE TABLE "loyalty_account" (
	"player_id" uuid PRIMARY KEY NOT NULL REFERENCES "player"("id") ON DELETE CASCADE,
	"points" bigint DEFAULT 0 NOT NULL,
	"earned" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_account_points_not_negative" CHECK ("loyalty_account"."points" >= 0),
	CONSTRAINT "loyalty_account_earned_not_negative" CHECK ("loyalty_account"."earned" >= 0)
);
--> statement-breakpoint
CREATE TABLE "loyalty_points_entry" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"points" bigint NOT NULL,
	"ledger_transaction_id" bigint,
	"order_id" bigint,
	"currency" text,
	"game_kind" text,
	"stake" bigint,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_points_entry_kind" CHECK (("kind" = 'EARN' AND "points" > 0 AND "ledger_transaction_id" IS NOT NULL) OR ("kind" = 'SPEND' AND "points" < 0 AND "order_id" IS NOT NULL) OR ("kind" = 'GRANT' AND "points" > 0 AND "note" IS NOT NULL) OR ("kind" = 'REVERSE' AND "points" < 0 AND "ledger_transaction_id" IS NOT NULL))
);
--> statement-breakpoint
-- A bet's movement earns once, and a rollback's reverses once: a replayed or retried call cannot add a second row.
CREATE UNIQUE INDEX "loyalty_points_entry_earn_once" ON "loyalty_points_entry" ("ledger_transaction_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_points_entry_spend_once" ON "loyalty_points_entry" ("order_id");
--> statement-breakpoint
CREATE INDEX "loyalty_points_entry_player" ON "loyalty_points_entry" ("player_id", "id");
--> statement-breakpoint
-- The balance follows the entries, on every path (a bet's one statement inserts only the entry):
-- the account row is created by the first entry and its CHECK refuses a spend past zero.
CREATE FUNCTION loyalty_apply_entry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- Update first: an INSERT … ON CONFLICT checks the proposed row (a spend's negative points) before it sees the conflict.
	UPDATE loyalty_account
	-- A reversal (a bet its provider rolled back) takes back from what was earned too: the level follows real play.
	SET points = points + NEW.points, earned = GREATEST(earned + CASE WHEN NEW.kind = 'REVERSE' THEN NEW.points ELSE GREATEST(NEW.points, 0) END, 0), updated_at = now()
	WHERE player_id = NEW.player_id;
	IF NOT FOUND THEN
		INSERT INTO loyalty_account (player_id, points, earned, updated_at)
		VALUES (NEW.player_id, NEW.points, GREATEST(NEW.points, 0), now())
		ON CONFLICT (player_id) DO UPDATE
		SET points = loyalty_account.points + EXCLUDED.points, earned = loyalty_account.earned + EXCLUDED.earned, updated_at = now();
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_points_entry_apply AFTER INSERT ON "loyalty_points_entry" FOR EACH ROW EXECUTE FUNCTION loyalty_apply_entry();
--> statement-breakpoint
CREATE FUNCTION loyalty_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'loyalty points entries are immutable';
END $$;
--> statement-breakpoint
CREATE TRIGGER loyalty_points_entry_immutable BEFORE UPDATE ON "loyalty_points_entry" FOR EACH ROW EXECUTE FUNCTION loyalty_refuse_change();
--> statement-breakpoint
CREATE TABLE "loyalty_item" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_code" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"description_mk" text,
	"image_url" text NOT NULL,
	"brand" text NOT NULL,
	"price" bigint NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"currency" text,
	"bonus_plan_id" integer,
	"bonus_amount" bigint,
	"free_spins" integer,
	"game_id" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_item_type" CHECK ("type" IN ('BONUS_MONEY', 'FREE_SPINS', 'MERCHANDISE')),
	CONSTRAINT "loyalty_item_status" CHECK ("status" IN ('ACTIVE', 'INACTIVE')),
	CONSTRAINT "loyalty_item_price" CHECK ("price" > 0),
	CONSTRAINT "loyalty_item_bonus" CHECK ("type" <> 'BONUS_MONEY' OR ("bonus_plan_id" IS NOT NULL AND "bonus_amount" > 0 AND "currency" IS NOT NULL)),
	CONSTRAINT "loyalty_item_free_spins" CHECK ("type" <> 'FREE_SPINS' OR ("free_spins" > 0 AND "game_id" IS NOT NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_item_code_unique" ON "loyalty_item" ("item_code");
--> statement-breakpoint
CREATE TABLE "loyalty_order" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE CASCADE,
	"request_id" text NOT NULL,
	"request_hash" text NOT NULL,
	"total" bigint NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_order_total" CHECK ("total" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "loyalty_order_request_unique" ON "loyalty_order" ("player_id", "request_id");
--> statement-breakpoint
CREATE TABLE "loyalty_order_line" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" bigint NOT NULL REFERENCES "loyalty_order"("id") ON DELETE CASCADE,
	"item_id" integer NOT NULL REFERENCES "loyalty_item"("id"),
	"quantity" integer NOT NULL,
	"price" bigint NOT NULL,
	"player_bonus_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "loyalty_order_line_numbers" CHECK ("quantity" > 0 AND "price" > 0)
);
--> statement-breakpoint
CREATE INDEX "loyalty_order_line_order" ON "loyalty_order_line" ("order_id");
