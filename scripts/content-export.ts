import { exportContent } from '../server/content/transfer/content-transfer';
import { directoryArgument, openContentDatabase } from './content-transfer-cli';

/** `npm run content:export <dir>`: every content post as <dir>/<type>/<slug>.<lang>.json. */
const directory = directoryArgument('content:export');
const database = await openContentDatabase('content:export');
try {
  const { files, types } = await exportContent(database.db, directory);
  console.warn(
    `exported ${files} posts to ${directory}: ${Object.entries(types)
      .map(([type, count]) => `${type} ${count}`)
      .join(', ')}`,
  );
} finally {
  await database.close();
}
