-- Staff management (issue 15) needs no new column: staff_member already has active, the TOTP
-- columns and access_expires_at, and a member's last sign-in is read from staff_session.
--
-- The reality-check pattern the back office flags (issue 15, "players flagged by the platform"): the
-- play clock counts the reality checks the player answered with Continue in a row — on one UTC day,
-- in one play session, with no Log out between them — so that a run of them can raise a flag.
ALTER TABLE "rg_play_clock" ADD COLUMN "reality_check_streak" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "rg_play_clock" ADD COLUMN "reality_check_streak_day" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TABLE "rg_play_clock" ADD COLUMN "reality_check_streak_session" timestamp with time zone;
