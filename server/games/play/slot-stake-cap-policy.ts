import { playerPlayProfile, playerRulesCountrySql } from '../../platform/accounts';
import { PolicyRefusal, type MoneyPolicy } from '../../platform/wallet';
import { LOWEST_SLOT_STAKE_CAP, SLOT_STAKE_CAPPED_COUNTRIES } from '../../jurisdiction';
import { slotStakeCapProblem } from './stakes';

/**
 * The slot stake limit of the player's rules (GB: 5.00 a spin, 2.00 for players aged 18 to 24;
 * issue 12) as a money policy (issue 26 defect 6): the game server's own check (`checkSlotStakeCap`)
 * guards only our titles' rounds, while a provider's slot debit reaches the wallet through
 * `POST /ps/wallet/debit`. At the wallet's policy point the limit binds every real-money slot stake,
 * whoever takes it, inside the debit's transaction, with the game server's refusal
 * (STAKE_OVER_JURISDICTION_MAX). One rule: `slotStakeCapProblem`, from the jurisdiction rules.
 *
 * A stake is a slot's when its game kind says so; a provider that does not say the kind is not
 * capped (there is nothing to tell a slot by). The statement form keeps the one-statement path for
 * every stake within the lowest cap and every player whose rules set none; any other stake takes
 * the general path, where `before` decides with the player's age.
 */
export const slotStakeCapPolicy: MoneyPolicy = {
  name: 'slot-stake-cap',
  kinds: ['bet'],
  async before(tx, movement) {
    if (movement.game?.kind !== 'slot' || movement.amount <= BigInt(LOWEST_SLOT_STAKE_CAP)) return;
    const { country, birthDate } = await playerPlayProfile(tx, movement.playerId);
    const problem = slotStakeCapProblem({ country, birthDate, currency: movement.currency }, Number(movement.amount));
    if (problem) throw new PolicyRefusal('slot-stake-cap', 'STAKE_OVER_JURISDICTION_MAX', problem.message, [{ field: 'amount', error: problem.error }]);
  },
  inStatement(movement, context) {
    if (movement.game?.kind !== 'slot') return {};
    const lowest = context.params.add(BigInt(LOWEST_SLOT_STAKE_CAP), 'bigint');
    const capped = context.params.add(SLOT_STAKE_CAPPED_COUNTRIES, 'text[]');
    // The rules' country read as `rulesFor` reads it (trimmed, upper case).
    const country = `upper(btrim(coalesce(${playerRulesCountrySql(context.player)}, ''), E' \\t\\r\\n'))`;
    return { condition: `${context.amount} <= ${lowest} OR NOT (${country} = ANY (${capped}))` };
  },
};
