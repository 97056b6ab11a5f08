-- A time-out lets the player sign in to a restricted view only (issue 26 defect 4): balance,
-- withdrawal, responsible gaming and support. The session row says so: restricted_until is the
-- end of the time-out in force when the session was made (null: a full session). Written by the
-- one statement that makes a session (session-store.ts openSession), which reads the locks.
ALTER TABLE "player_session" ADD COLUMN "restricted_until" timestamp with time zone;
