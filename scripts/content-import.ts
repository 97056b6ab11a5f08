import { ContentImportError, importContent } from '../server/content/transfer/content-transfer';
import { directoryArgument, openContentDatabase } from './content-transfer-cli';

/** `npm run content:import <dir>`: validates and sanitises every file, then upserts them all in one transaction. */
const directory = directoryArgument('content:import');
const database = await openContentDatabase('content:import');
try {
  const { files } = await importContent(database.db, directory);
  console.warn(`imported ${files} posts from ${directory}`);
} catch (error) {
  if (!(error instanceof ContentImportError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await database.close();
}
