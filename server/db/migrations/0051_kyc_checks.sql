-- Issue 31: identity checks run by an outside provider (Onfido) whose decision arrives by signed
-- webhook: the check as created (kyc_check), and the webhook inbox (kyc_event) from which each
-- verified event is processed once after it was acknowledged.
CREATE TABLE "kyc_check" (
	"provider" text NOT NULL,
	"check_id" text NOT NULL,
	"applicant_id" text NOT NULL,
	"player_id" uuid NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"result" text,
	"sub_result" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"reviewed_by" text,
	"reviewed_at" timestamp with time zone,
	CONSTRAINT "kyc_check_provider_check_id_pk" PRIMARY KEY("provider","check_id")
);
--> statement-breakpoint
CREATE TABLE "kyc_event" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"check_id" text,
	"action" text NOT NULL,
	"payload" jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone,
	CONSTRAINT "kyc_event_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "kyc_check" ADD CONSTRAINT "kyc_check_player_id_player_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."player"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "kyc_check_player_idx" ON "kyc_check" USING btree ("player_id");--> statement-breakpoint
CREATE INDEX "kyc_check_review_idx" ON "kyc_check" USING btree ("decided_at") WHERE "kyc_check"."status" = 'REFER' and "kyc_check"."reviewed_at" is null;--> statement-breakpoint
CREATE INDEX "kyc_event_unprocessed_idx" ON "kyc_event" USING btree ("received_at") WHERE "kyc_event"."processed_at" is null;
