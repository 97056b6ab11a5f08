// The bonus engine's public face (issue 14; server/platform/bonuses/README.md): bonus plans and player
// bonuses, wagering as a money policy at the wallet's policy point, the deposit match granted when
// the deposit is credited, the expiry timer and the forfeit a lock causes.
export { bonusesPlugin } from './bonuses.plugin';
export {
  cancelBonus,
  expireBonuses,
  forfeitBonusesOnLock,
  grantBonus,
  redeemBonus,
  GB_MAX_WAGERING_MULTIPLIER,
  type BonusPlanRow,
  type PlayerBonusRow,
} from './bonuses.service';
export {
  cancelPendingDepositBonus,
  eligibleDepositPlans,
  goodwillPlans,
  matchOf,
  pendingBonusPlanName,
  planById,
  reserveDepositChoice,
  voucherPlan,
  type DepositChoice,
} from './plans.service';
export { wageringPolicy } from './wagering-policy';
export { depositBonusPolicy } from './deposit-policy';
export { startBonusExpiry } from './expiry-timer';
export { activeBonusProgress, cancelPreview, planDefinitionProblem, planTerms } from './bonus-figures.service';
// The back office's plan editor (issue 29 item 4): every plan names its one product.
export { allPlans, savePlan, type PlanDefinition } from './plan-editor.service';
// Free-spin bonuses: grantFreeSpins is the one way to give a player free spins (redeemBonus and the loyalty shop use it).
export {
  creditFreeSpinWin,
  expireFreeSpins,
  freeSpinOffers,
  freeSpinOfRound,
  grantFreeSpins,
  takeFreeSpin,
  type FreeSpinGrantRow,
  type FreeSpinOffer,
  type FreeSpinsGrantRequest,
  type TakenFreeSpin,
} from './free-spins.service';
