import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config/env';
import { openDatabase } from '../server/db/database';
import { findPlayerBySignInName } from '../server/platform/accounts';
import { sendPlayerMessage } from '../server/platform/messages';

/**
 * `npm run messages:send -- <username> "<subject>" "<body HTML>"`: a staff message to one player
 * (issue 13), until the back office exists. The body is sanitised like every message (DEF-19);
 * the player sees it, with the unread count, in the portal's Messages. With the embedded database,
 * stop the server first (PGlite allows one process at a time).
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const [username, subject, body] = process.argv.slice(2);
if (!username || !subject || !body) {
  console.error('usage: npm run messages:send -- <username> "<subject>" "<body HTML>"');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.migrate();
  const player = await findPlayerBySignInName(database.db, username);
  if (!player) {
    console.error(`no player ${username}`);
    process.exitCode = 1;
  } else {
    const { id } = await sendPlayerMessage(database.db, { playerId: player.id, kind: 'STAFF_MESSAGE', subject, body });
    console.log(`message ${id} sent to ${player.username}`);
  }
} finally {
  await database.close();
}
