import type { StaffRole } from '../../../contracts/back-office/permissions';
import type { Db } from '../../db/database';
import { staffMember } from '../../db/schema';
import { hashPassword } from '../../platform/accounts';

/**
 * Demo staff, one per role (README "Demo staff"). Their TOTP secrets are fixed and published so
 * that anyone trying the demo can add them to an authenticator (or compute a code); a real
 * deployment creates its staff without these rows. `bo.newcomer` has no authenticator yet and is
 * asked to enrol one at the first sign-in.
 */
export const DEMO_STAFF_PASSWORD = 'emerald-backoffice-1';

export const demoStaff: { username: string; displayName: string; roles: StaffRole[]; totpSecret: string | null }[] = [
  { username: 'bo.support', displayName: 'Sam Support', roles: ['SUPPORT'], totpSecret: 'YY53WVAP5DQ54NGDCXZA3EQEYDTHKBRF' },
  { username: 'bo.identity', displayName: 'Ida Reviewer', roles: ['IDENTITY_REVIEWER'], totpSecret: 'YW6BR2SG3YEAFSIMVSSUKTSM3PVF5RSU' },
  { username: 'bo.payments', displayName: 'Pat Payments', roles: ['PAYMENTS'], totpSecret: 'XMWF7UMLTA3UGPXK267E2VXH7XR7EXBQ' },
  { username: 'bo.content', displayName: 'Cleo Content', roles: ['CONTENT_EDITOR'], totpSecret: 'WX25F6DCGS76DAVBSHZCOA3T3I5LWTPJ' },
  { username: 'bo.operator', displayName: 'Otto Operator', roles: ['OPERATOR'], totpSecret: 'Y3L3GXLAJU46WHHBVOYLKPPA5HRNTVPY' },
  { username: 'bo.auditor', displayName: 'Aude Auditor', roles: ['AUDITOR'], totpSecret: '2SAJLKK2SBSR7A3M2DVTJ73BHLALN3J4' },
  { username: 'bo.moderator', displayName: 'Mo Moderator', roles: ['CHAT_MODERATOR'], totpSecret: '47J3CAWPXQHH4R5Q53LZTMHZMTVFTPCN' },
  { username: 'bo.newcomer', displayName: 'Nina Newcomer', roles: ['IDENTITY_REVIEWER'], totpSecret: null },
];

export async function seedDemoStaff(db: Db): Promise<void> {
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD);
  for (const staff of demoStaff) {
    await db
      .insert(staffMember)
      .values({
        username: staff.username,
        displayName: staff.displayName,
        email: `${staff.username}@emerald.example`,
        passwordHash,
        roles: staff.roles,
        totpSecret: staff.totpSecret,
      })
      .onConflictDoNothing({ target: staffMember.username });
  }
}
