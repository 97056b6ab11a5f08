import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const at = (file: string) => `${process.cwd()}/${file}`;

// Issue 30 step 4: a web feature keeps its folders to itself; others use the files at its root.
tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    { filename: at('web/src/features/home/components/home-page.tsx'), code: "import { GamesStrip } from '../../games';" },
    { filename: at('web/src/features/home/components/home-page.tsx'), code: "import { gameTile } from '../../games/game-catalogue';" },
    { filename: at('web/src/features/footer/footer.tsx'), code: "const shell = import('../responsible-gaming/shell');" },
    { filename: at('web/src/features/games/components/games-explorer.tsx'), code: "import { useGames } from '../api/games';" },
    { filename: at('web/src/features/games/components/games-explorer.tsx'), code: "import { formatMoney } from '../../../shared/wallet/money-format';" },
    { filename: at('web/src/features/home/components/home.test.tsx'), code: "import { useGames } from '../../games/api/games';" },
    { filename: at('web/src/app/routes.tsx'), code: "import { GamePage } from '../features/game-page/components/game-page';" },
  ],
  invalid: [
    {
      filename: at('web/src/features/home/components/home-page.tsx'),
      code: "import { useGameLists } from '../../games/api/game-lists';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('web/src/features/landing/landing-page.tsx'),
      code: "export { ActionCards } from '../home/components/action-cards';",
      errors: [{ messageId: 'internal' }],
    },
    {
      filename: at('web/src/features/back-office/components/shell.tsx'),
      code: "const switcher = import('../../navigation/components/language-switch');",
      errors: [{ messageId: 'internal' }],
    },
  ],
});
