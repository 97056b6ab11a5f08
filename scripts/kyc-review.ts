import { existsSync } from 'node:fs';
import { createLogger } from '../server/logging/logger';
import { loadConfig } from '../server/config/env';
import { openDatabase } from '../server/db/database';
import { AppError } from '../server/http/app-error';
import { createMailer } from '../server/mail';
import { reviewPlayerDocuments } from '../server/platform/documents';

/**
 * `npm run kyc:review -- <username> approve|reject [reason]`: staff's decision on a player's
 * documents awaiting review, until the back office exists. Approval moves the player's kycStatus
 * to PASS (real play allowed) and tells them by e-mail and message; rejection tells them why.
 * With the embedded database, stop the server first (PGlite allows one process at a time).
 */
if (existsSync('.env')) process.loadEnvFile('.env');
const [player, decision, ...reasonWords] = process.argv.slice(2);
if (!player || (decision !== 'approve' && decision !== 'reject')) {
  console.error('usage: npm run kyc:review -- <username> approve|reject [reason]');
  process.exit(2);
}
const config = loadConfig();
const logger = createLogger({ LOG_LEVEL: 'warn', logFormat: 'json' });
const database = await openDatabase(config);
try {
  await database.migrate();
  const mailer = createMailer({ db: database.db, smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  const outcome = await reviewPlayerDocuments(
    { db: database.db, mailer, config, logger },
    { player, decision, reason: reasonWords.join(' '), reviewer: `kyc:review (${process.env.USER ?? 'staff'})` },
  );
  console.log(
    `${outcome.username}: ${outcome.documents} document(s) ${decision === 'approve' ? 'approved' : 'rejected'}; kycStatus ${outcome.kycStatus}. The player was told by e-mail and message.`,
  );
} catch (error) {
  if (error instanceof AppError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  await database.close();
}
