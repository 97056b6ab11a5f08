-- GAMSTOP v2 (issue 29 item 6): the register's id of each check (X-Unique-Id), GAMSTOP's P
-- (previously excluded, the exclusion ended: stored as CLEAR with the flag, for staff), the daily
-- batch re-check as a third place, and one row per register and day for that re-check, whose
-- unique key lets every node try it while one runs it.
ALTER TABLE "exclusion_register_check" ADD COLUMN "previously_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exclusion_register_check" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "exclusion_register_check" DROP CONSTRAINT "exclusion_register_check_place";--> statement-breakpoint
ALTER TABLE "exclusion_register_check" ADD CONSTRAINT "exclusion_register_check_place" CHECK ("place" IN ('SIGNUP', 'LOGIN', 'RECHECK'));--> statement-breakpoint
CREATE TABLE "exclusion_register_recheck" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"register" text NOT NULL,
	"day" text NOT NULL,
	"status" text DEFAULT 'RUNNING' NOT NULL,
	"provider" text NOT NULL,
	"asked" integer DEFAULT 0 NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	"previously_registered" integer DEFAULT 0 NOT NULL,
	"unanswered" integer DEFAULT 0 NOT NULL,
	"problem" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "exclusion_register_recheck_day_key" UNIQUE("register","day"),
	CONSTRAINT "exclusion_register_recheck_status" CHECK ("status" IN ('RUNNING', 'COMPLETE', 'INCOMPLETE'))
);
