-- The identity document a player was verified with (issue 27): written when staff approve the
-- documents or an ID check passes, so the account shows the number instead of "ID number —".
ALTER TABLE "player" ADD COLUMN "identity_document_type" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "identity_document_number" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "identity_document_country" text;--> statement-breakpoint
ALTER TABLE "player" ADD COLUMN "identity_document_expiry" date;
