-- Card money goes back to the card it came from, saved or not (issue 26 defect 8): the provider
-- reports every card a deposit is paid with, with its fingerprint (the same card number, the same
-- fingerprint) and whether the player may pay with it again. Cards kept before were all saved
-- ones (reusable) and have no fingerprint.
ALTER TABLE "stored_card" ADD COLUMN "fingerprint" text;
--> statement-breakpoint
ALTER TABLE "stored_card" ADD COLUMN "reusable" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- The sandbox PSP vaults every card paid with, as a real acquirer does; an unsaved one only
-- receives payouts. Its fingerprints are keyed by a secret of its own, made on first use.
ALTER TABLE "sandbox_psp_card" ADD COLUMN "fingerprint" text;
--> statement-breakpoint
ALTER TABLE "sandbox_psp_card" ADD COLUMN "reusable" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
CREATE TABLE "sandbox_psp_key" (
	"name" text PRIMARY KEY NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
