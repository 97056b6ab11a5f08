import { existsSync } from 'node:fs';
import { loadConfig } from '../server/config/env';
import { localUrl } from '../server/config/local-url';
import { openDatabase } from '../server/db/database';
import { latestMail, type OutboxEntry } from '../server/mail';

/**
 * `npm run mail:outbox [count]`: the latest e-mails Emerald wrote. Asks the running server first
 * (the embedded database allows one process at a time), else opens the database itself.
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
const limit = Math.min(200, Math.max(1, Number(process.argv[2]) || 10));

async function fromServer(): Promise<OutboxEntry[] | null> {
  try {
    const response = await fetch(`${localUrl(config.HOST, config.PORT)}/sandbox/mail/outbox?limit=${limit}`);
    if (!response.ok) return null;
    return ((await response.json()) as { messages: OutboxEntry[] }).messages;
  } catch {
    return null;
  }
}

async function fromDatabase(): Promise<OutboxEntry[]> {
  const database = await openDatabase(config);
  try {
    await database.migrate();
    return await latestMail(database.db, limit);
  } finally {
    await database.close();
  }
}

const messages = (await fromServer()) ?? (await fromDatabase());
if (messages.length === 0) console.log('The outbox is empty.');
for (const message of messages.reverse()) {
  console.log(
    `\n── #${message.id} ${message.createdAt}  to ${message.recipient}  [${message.transport}${message.sentAt ? ', sent' : ''}${message.error ? `, failed: ${message.error}` : ''}]`,
  );
  console.log(`Subject: ${message.subject}\n`);
  console.log(message.text);
}
