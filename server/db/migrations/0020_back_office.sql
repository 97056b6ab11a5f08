CREATE TABLE "staff_member" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"display_name" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"roles" text[] NOT NULL,
	"totp_secret" text,
	"totp_pending_secret" text,
	"totp_last_step" bigint,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_member_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "staff_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" uuid NOT NULL REFERENCES "staff_member"("id") ON DELETE cascade,
	"two_factor_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "staff_session_staff_idx" ON "staff_session" USING btree ("staff_id");
--> statement-breakpoint
CREATE TABLE "staff_note" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"player_id" uuid NOT NULL REFERENCES "player"("id") ON DELETE cascade,
	"staff_id" uuid NOT NULL REFERENCES "staff_member"("id"),
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "staff_note_player_idx" ON "staff_note" USING btree ("player_id","created_at");
--> statement-breakpoint
CREATE TABLE "staff_audit" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" uuid,
	"staff_username" text NOT NULL,
	"action" text NOT NULL,
	"permission" text,
	"subject_type" text,
	"subject_id" text,
	"detail" jsonb NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "staff_audit_hash" CHECK (length("hash") = 64 and length("prev_hash") = 64)
);
--> statement-breakpoint
CREATE INDEX "staff_audit_at_idx" ON "staff_audit" USING btree ("at");
--> statement-breakpoint
CREATE INDEX "staff_audit_subject_idx" ON "staff_audit" USING btree ("subject_id");
--> statement-breakpoint
CREATE TABLE "staff_audit_head" (
	"id" bigint PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL,
	CONSTRAINT "staff_audit_head_single" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "staff_audit_head" ("id", "last_seq", "last_hash") VALUES (1, 0, repeat('0', 64));
--> statement-breakpoint
CREATE FUNCTION "staff_audit_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'staff_audit is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "staff_audit_no_change" BEFORE UPDATE OR DELETE ON "staff_audit" FOR EACH ROW EXECUTE FUNCTION "staff_audit_append_only"();
--> statement-breakpoint
CREATE TRIGGER "staff_audit_no_truncate" BEFORE TRUNCATE ON "staff_audit" FOR EACH STATEMENT EXECUTE FUNCTION "staff_audit_append_only"();
