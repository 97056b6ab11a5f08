-- Stored real-time events are for replay after a dropped connection; older ones are pruned
-- (server/realtime pruneEvents, REALTIME_EVENT_RETENTION_HOURS) by their age.
CREATE INDEX "realtime_event_created_at_idx" ON "realtime_event" ("created_at");
