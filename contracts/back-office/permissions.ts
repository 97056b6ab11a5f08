import { z } from 'zod';

/**
 * Staff permissions and the roles made of them (issue 15; NS-28). A role is only a name for a set
 * of permissions: the access check asks for a permission, never for a role, so a new role is one
 * line here and changes no operation.
 */
export const staffPermissionSchema = z.enum([
  'players.read',
  'players.note',
  'players.message',
  'players.lock',
  // Removing a player from the account-holder register on their request: anonymised, for good (issue 29 item 9).
  'players.remove',
  // A player's marketing consent per product and channel (SR 5.1.12), changed at their request; every change audited.
  'players.consents',
  'identity.review',
  'documents.read',
  'payments.review',
  'bonuses.grant',
  // The bonus plan editor: what plans pay, their wagering and the one product each applies to.
  'bonuses.plans',
  'content.edit',
  'audit.read',
  // Staff accounts: create, roles, disable, reset two-factor, access end (operators only).
  'staff.manage',
  // Posting to the public message channels (the Chronos page's widgets).
  'channels.post',
  // Moderating chat channels: muting a player for a time, slow mode.
  'channels.moderate',
  // Live support: the queue of players' conversations, reading, answering and closing them.
  'support.chat',
]);
export type StaffPermission = z.infer<typeof staffPermissionSchema>;

export const staffRoleSchema = z.enum(['SUPPORT', 'IDENTITY_REVIEWER', 'PAYMENTS', 'CONTENT_EDITOR', 'OPERATOR', 'AUDITOR', 'CHAT_MODERATOR']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

export const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  SUPPORT: ['players.read', 'players.note', 'players.message', 'players.lock', 'players.consents', 'bonuses.grant', 'channels.post', 'support.chat'],
  IDENTITY_REVIEWER: ['players.read', 'players.note', 'identity.review', 'documents.read'],
  PAYMENTS: ['players.read', 'players.note', 'payments.review'],
  CONTENT_EDITOR: ['content.edit'],
  OPERATOR: staffPermissionSchema.options,
  // Read-only: sees players and the audit log, changes nothing.
  AUDITOR: ['players.read', 'audit.read'],
  // Watches the chats: posts, mutes players and sets slow mode; nothing else.
  CHAT_MODERATOR: ['channels.post', 'channels.moderate'],
};

export function permissionsOf(roles: readonly StaffRole[]): StaffPermission[] {
  const held = new Set(roles.flatMap((role) => ROLE_PERMISSIONS[role]));
  return staffPermissionSchema.options.filter((permission) => held.has(permission));
}
