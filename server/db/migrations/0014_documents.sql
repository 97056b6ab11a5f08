CREATE TABLE "user_document" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL,
	"document_type" text NOT NULL,
	"issue_date" date,
	"expiry_date" date,
	"document_number" text,
	"status" text DEFAULT 'NOT_REVIEWED' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"review_reason" text,
	CONSTRAINT "user_document_status" CHECK ("user_document"."status" in ('NOT_REVIEWED', 'APPROVED', 'REJECTED'))
);
--> statement-breakpoint
CREATE TABLE "user_document_file" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"document_id" uuid NOT NULL,
	"side" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_document_file_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "user_document_file_side" CHECK ("user_document_file"."side" in ('FRONT', 'BACK', 'CONTENT'))
);
--> statement-breakpoint
ALTER TABLE "user_document" ADD CONSTRAINT "user_document_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_document_file" ADD CONSTRAINT "user_document_file_document_id_user_document_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."user_document"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_document_player_idx" ON "user_document" USING btree ("player_id","uploaded_at");--> statement-breakpoint
CREATE INDEX "user_document_file_document_idx" ON "user_document_file" USING btree ("document_id");
