import { z } from 'zod';

/**
 * Who wrote a channel or support message, as players see it (issue 25): in a channel a player by the
 * chat nickname they chose (issue 27), never their sign-in name, or null when they have none (a
 * message from before nicknames: clients show their own "a player" label); in their own support
 * chat a player by their username;
 * a staff member by the public name they chose in the back office, or null — the client then shows
 * its own translated team label ("Emerald team"). A staff member's sign-in name is theirs to sign in
 * with, not a name to publish: it never leaves the back office (/bo).
 */
export const messageAuthorSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('PLAYER'), name: z.string().nullable() }),
  z.object({ kind: z.literal('STAFF'), name: z.string().nullable() }),
]);
export type MessageAuthorView = z.infer<typeof messageAuthorSchema>;
