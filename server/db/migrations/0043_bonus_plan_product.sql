-- One product per incentive (SR 5.1.1(3b), in force since 19 January 2026): a bonus plan names the
-- one product its stakes and wagering apply to, or ANY for money that may be spent freely across
-- products, which only a plan with nothing to wager is. Until now every plan's money could be
-- staked on casino kinds only (the wallet paid bingo and live stakes from cash), so a plan takes the
-- product its contributions name: casino kinds (or none) CASINO, bingo BINGO, live roulette LIVE.
-- No plan becomes ANY here: that would let money spend where it could not before.
ALTER TABLE "bonus_plan" ADD COLUMN "product" text DEFAULT 'CASINO' NOT NULL;--> statement-breakpoint
UPDATE "bonus_plan" SET "product" = CASE
	WHEN "contributions" ?| ARRAY['slot', 'plinko', 'mines', 'roulette', 'blackjack'] THEN 'CASINO'
	WHEN "contributions" ? 'bingo' THEN 'BINGO'
	WHEN "contributions" ? 'live-roulette' THEN 'LIVE'
	ELSE 'CASINO'
END;--> statement-breakpoint
ALTER TABLE "bonus_plan" ADD CONSTRAINT "bonus_plan_product" CHECK ("product" IN ('CASINO', 'BINGO', 'LIVE', 'ANY') AND ("product" <> 'ANY' OR "wagering_multiplier" = 0));
