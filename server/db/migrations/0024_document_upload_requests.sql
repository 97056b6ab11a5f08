-- Staff asking a player to upload a document again (issue 15, back office "ask for a new upload"):
-- which kind of document, the reason the player is shown, who asked. An upload of that kind
-- satisfies the request (satisfied_at and the document that did), in the upload's transaction.
CREATE TABLE "document_upload_request" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	"document_type" text NOT NULL,
	"reason" text NOT NULL,
	"requested_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"satisfied_at" timestamp with time zone,
	"satisfied_by_document_id" uuid REFERENCES "user_document"("id") ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX "document_upload_request_player_idx" ON "document_upload_request" USING btree ("player_id","created_at");
--> statement-breakpoint
-- The open requests of a player, read on every documents page and every upload.
CREATE INDEX "document_upload_request_open_idx" ON "document_upload_request" USING btree ("player_id","document_type") WHERE "satisfied_at" IS NULL;
