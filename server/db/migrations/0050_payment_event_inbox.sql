-- Issue 31: a provider webhook that is acknowledged before it is applied (Stripe) waits in
-- payment_event with processed_at NULL until the cashier has settled its payment; the reconciler
-- picks up any left by a crash. Events applied as they arrive (the sandbox) are processed at once.
ALTER TABLE "payment_event" ADD COLUMN "processed_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
CREATE INDEX "payment_event_unprocessed_idx" ON "payment_event" USING btree ("received_at") WHERE "payment_event"."processed_at" is null;
