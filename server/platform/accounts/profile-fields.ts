import { alwaysReadonlyFields, identityReadonlyFields, type ProfileFieldName } from '../../../contracts/platform/accounts/update-player-info';
import type { PlayerRow } from './players.repository';

/**
 * The fields this player may not change (ACC-09…11): always the sign-in name, currency, country and
 * language; once sign-up is complete also the name and date of birth the identity check confirmed.
 */
export function readonlyFieldsOf(row: Pick<PlayerRow, 'registrationStatus'>): ProfileFieldName[] {
  return row.registrationStatus === 'PLAYER' ? [...alwaysReadonlyFields, ...identityReadonlyFields] : [...alwaysReadonlyFields];
}

/** The address as one line, as getPlayerInfo shows it and updatePlayerInfo takes it. */
export function addressLine(row: Pick<PlayerRow, 'unit' | 'building' | 'address'>): string | null {
  return [row.unit, row.building, row.address].filter(Boolean).join(', ') || null;
}
