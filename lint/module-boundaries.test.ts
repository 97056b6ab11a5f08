import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { moduleBoundaries } from './module-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const at = (file: string) => `${process.cwd()}/${file}`;

// ARCHITECTURE §2: a module is reached only through its index.ts, and its tables only by itself.
tester.run('module-boundaries', moduleBoundaries, {
  valid: [
    { filename: at('server/games/play/rounds.ts'), code: "import { debit } from '../../platform/wallet';" },
    { filename: at('server/games/play/rounds.ts'), code: "import { debit } from '../../platform/wallet/index';" },
    { filename: at('server/games/play/rounds.ts'), code: "import { pick } from '../rng/rng';" },
    { filename: at('server/games/play/rounds.ts'), code: "import { gameRound } from '../../db/schema';" },
    { filename: at('server/games/play/rounds.ts'), code: "import type { Db } from '../../db/database';" },
    { filename: at('server/platform/wallet/ledger.ts'), code: 'const q = sql`SELECT balance FROM wallet_account WHERE id = ${id}`;' },
    { filename: at('server/platform/wallet/ledger.ts'), code: "const message = 'a transfer from player to the house';" },
    { filename: at('server/games/play/rounds.test.ts'), code: "import { walletEntry } from '../../db/schema';" },
    { filename: at('server/seed/demo/cashier.ts'), code: "import { payment } from '../../db/schema';" },
    // A module's routes.ts is its face for the plugins that mount prefixes (issue 30, step 2).
    { filename: at('server/platform/platform.plugin.ts'), code: "import { walletRoutes } from './wallet/routes';" },
    { filename: at('server/app.ts'), code: "import { supportPlayerRoutes } from './support/routes';" },
  ],
  invalid: [
    {
      filename: at('server/games/play/rounds.ts'),
      code: "import { debit } from '../../platform/wallet/seamless-wallet';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('server/platform/cashier/deposit.service.ts'),
      code: "export { creditDeposit } from '../wallet/cashier-movements';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('server/games/play/game-session.ts'),
      code: "import { player, gameSession } from '../../db/schema';",
      errors: [{ messageId: 'table', data: { table: 'player', owner: 'platform/accounts' } }],
    },
    {
      filename: at('server/games/play/rounds.ts'),
      code: 'const q = sql`SELECT count(*) FROM wallet_transaction WHERE player_id = ${id}`;',
      errors: [{ messageId: 'table', data: { table: 'wallet_transaction', owner: 'platform/wallet' } }],
    },
    {
      filename: at('server/platform/games/games.repository.ts'),
      code: "const q = 'SELECT g.title FROM game_favourite f JOIN content_post g ON g.id = f.post_id';",
      errors: [{ messageId: 'table', data: { table: 'content_post', owner: 'content' } }],
    },
    {
      filename: at('server/app.ts'),
      code: "import { contentService } from './content/content.plugin';",
      errors: [{ messageId: 'internal' }],
    },
    {
      // A service importing another module's routes would drag that module's handlers in with it.
      filename: at('server/platform/cashier/deposit.service.ts'),
      code: "import { walletRoutes } from '../wallet/routes';",
      errors: [{ messageId: 'internal' }],
    },
  ],
});
