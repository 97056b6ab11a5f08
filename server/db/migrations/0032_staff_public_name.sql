-- The name players see on a staff member's channel and support messages (issue 25): chosen by the
-- member in the back office; null shows the team's label ("Emerald team"). A sign-in name never
-- leaves the back office.
ALTER TABLE "staff_member" ADD COLUMN "public_name" text;
--> statement-breakpoint
-- Events kept for replay (at most REALTIME_EVENT_RETENTION_HOURS old) named staff by their sign-in
-- name until now: that name is taken out, and the clients show the team's label.
UPDATE "realtime_event" SET "payload" = jsonb_set("payload", '{author,name}', 'null'::jsonb)
WHERE "payload" -> 'author' ->> 'kind' = 'STAFF';
--> statement-breakpoint
UPDATE "realtime_event" SET "payload" = jsonb_set("payload", '{message,author,name}', 'null'::jsonb)
WHERE "payload" -> 'message' -> 'author' ->> 'kind' = 'STAFF';
