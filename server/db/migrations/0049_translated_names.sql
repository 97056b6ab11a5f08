-- Issue 27 item 1: names a player reads come in the player's language. A bonus plan and a message
-- channel keep their English name in "name" and may carry a Macedonian one; a missing one reads in
-- English (I18N-07).
ALTER TABLE "bonus_plan" ADD COLUMN "name_mk" text;--> statement-breakpoint
ALTER TABLE "chat_channel" ADD COLUMN "name_mk" text;--> statement-breakpoint
UPDATE "chat_channel" SET "name_mk" = CASE "id"
	WHEN 20 THEN 'Салон Emerald'
	WHEN 21 THEN 'Вести и соопштенија'
	WHEN 22 THEN 'Големи добивки'
END WHERE "id" IN (20, 21, 22) AND "name_mk" IS NULL;
--> statement-breakpoint
-- The demo's plans (server/seed/demo) where they still carry the seed's English name.
UPDATE "bonus_plan" AS "plan" SET "name_mk" = "names"."mk"
  FROM (VALUES
	(1001, 'Welcome Bonus: 100% up to €100', 'Бонус за добредојде: 100% до 100 €'),
	(1005, 'Refer a Friend: €20 bonus', 'Препорачај пријател: бонус од 20 €'),
	(1006, 'WELCOME10: €10 free', 'WELCOME10: 10 € бесплатно'),
	(1007, 'SPINS20: 20 free spins', 'SPINS20: 20 бесплатни вртења'),
	(1101, 'Loyalty shop bonus (EUR)', 'Бонус од продавницата за лојалност (EUR)'),
	(1102, 'Loyalty shop bonus (GBP)', 'Бонус од продавницата за лојалност (GBP)'),
	(1103, 'Loyalty shop free spins', 'Бесплатни вртења од продавницата за лојалност')
  ) AS "names" ("id", "en", "mk")
 WHERE "plan"."id" = "names"."id" AND "plan"."name" = "names"."en" AND "plan"."name_mk" IS NULL;
