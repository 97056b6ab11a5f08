-- Issue 29 item 7: a referrer whose jurisdiction closes refer a friend (IE by default) gets no reward; the reward row records why.
ALTER TABLE "referral_reward" DROP CONSTRAINT "referral_reward_outcome";--> statement-breakpoint
ALTER TABLE "referral_reward" ADD CONSTRAINT "referral_reward_outcome" CHECK ("referral_reward"."outcome" IN ('GRANTED', 'WITHHELD_LOCKED', 'WITHHELD_INDUCEMENTS', 'NO_PLAN'));
