-- Marketing consent per product and channel (UKGC SR code 5.1.12, since 1 May 2025; issue 29
-- item 2). A box with no row is unticked: no soft opt-in, nothing implied by another box.
CREATE TABLE "marketing_consent" (
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	"product" text NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by_kind" text NOT NULL,
	"changed_by_id" text,
	CONSTRAINT "marketing_consent_player_id_product_channel_pk" PRIMARY KEY("player_id","product","channel"),
	CONSTRAINT "marketing_consent_product_check" CHECK ("product" IN ('GAMING', 'BINGO', 'BETTING')),
	CONSTRAINT "marketing_consent_channel_check" CHECK ("channel" IN ('EMAIL', 'SMS', 'PHONE', 'POST')),
	CONSTRAINT "marketing_consent_changed_by_check" CHECK ("changed_by_kind" IN ('PLAYER', 'STAFF', 'MIGRATION'))
);--> statement-breakpoint
-- The older consents, mapped without widening (docs/compliance.md "Marketing consent"): "Offers
-- and news by e-mail" (MARKETING_EMAIL) and "E-mail me about news and promotions"
-- (player.receive_email) were given on a casino portal and named e-mail only, so they become the
-- GAMING × EMAIL box; "Offers and news by SMS" becomes GAMING × SMS. None of them named bingo,
-- betting, phone or post: those boxes stay unticked. Idempotent (ON CONFLICT DO NOTHING), so a
-- rerun never overwrites a choice made since.
INSERT INTO "marketing_consent" ("player_id", "product", "channel", "granted", "changed_at", "changed_by_kind")
SELECT DISTINCT ON ("player_id", "channel") "player_id", 'GAMING', "channel", true, "given_at", 'MIGRATION'
FROM (
	SELECT pc."player_id", CASE cv."key" WHEN 'MARKETING_EMAIL' THEN 'EMAIL' ELSE 'SMS' END AS "channel", pc."granted_at" AS "given_at"
	FROM "player_consent" pc JOIN "consent_version" cv ON cv."id" = pc."consent_version_id"
	WHERE cv."key" IN ('MARKETING_EMAIL', 'MARKETING_SMS') AND cv."active"
	UNION ALL
	SELECT p."id", 'EMAIL', p."created_at" FROM "player" p WHERE p."receive_email"
) AS "older"
ORDER BY "player_id", "channel", "given_at" DESC
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The single marketing consents are no longer asked or listed: the matrix replaces them.
UPDATE "consent_version" SET "active" = false WHERE "key" IN ('MARKETING_EMAIL', 'MARKETING_SMS');
