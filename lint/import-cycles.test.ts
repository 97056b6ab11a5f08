import { describe, expect, it } from 'vitest';
import { circleProblems, circles, importGraph, MAX_SERVER_CIRCLE } from './import-cycles';

/** A graph from in-memory sources: file → its text. */
const graphOf = (sources: Record<string, string>) => importGraph(Object.keys(sources), (file) => sources[file]!);

describe('import circles (docs/architecture.md §2, issue 30)', () => {
  it('fails a circle through two server modules, a type-only import included', () => {
    const found = circles(
      graphOf({
        'server/platform/wallet/index.ts': "export { credit } from './credit';",
        'server/platform/wallet/credit.ts': "import { findPlayer } from '../accounts';\nexport const credit = findPlayer;",
        'server/platform/accounts/index.ts': "export { findPlayer } from './players';",
        'server/platform/accounts/players.ts': "import type { Bucket } from '../wallet/index';\nexport const findPlayer = () => null;",
      }),
    );
    expect(found).toHaveLength(1);
    const problems = circleProblems(found);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/a circle through the modules/);
    expect(problems[0]).toContain('server/platform/wallet');
    expect(problems[0]).toContain('server/platform/accounts');
  });

  it('lets two files of one module import each other, and no circle at all pass', () => {
    const found = circles(
      graphOf({
        'server/platform/bonuses/bonuses.service.ts': "import { takeFreeSpin } from './free-spins.service';",
        'server/platform/bonuses/free-spins.service.ts': "import { grant } from './bonuses.service';",
        'server/platform/bonuses/index.ts': "export * from './bonuses.service';",
        'server/db/transaction.ts': "import type { Db } from './database';",
        'server/db/database.ts': '',
      }),
    );
    expect(found).toEqual([['server/platform/bonuses/bonuses.service.ts', 'server/platform/bonuses/free-spins.service.ts']]);
    expect(circleProblems(found)).toEqual([]);
  });

  it(`fails a circle of more than ${MAX_SERVER_CIRCLE} files inside one module`, () => {
    const sources: Record<string, string> = {};
    const size = MAX_SERVER_CIRCLE + 1;
    for (let i = 0; i < size; i++) sources[`server/games/play/part-${i}.ts`] = `import { x } from './part-${(i + 1) % size}';`;
    const problems = circleProblems(circles(graphOf(sources)));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`a circle of ${size} files`));
  });

  it('fails any circle in the web app, and reads index files and .tsx', () => {
    const found = circles(
      graphOf({
        'web/src/features/wallet/components/deposit/payment-step.tsx': "import { CardPayment } from './card-payment';",
        'web/src/features/wallet/components/deposit/card-payment.tsx': "import type { PaymentStepProps } from './payment-step';",
        'web/src/shared/api/index.ts': "export * from './fetch';",
        'web/src/shared/api/fetch.ts': "import { x } from '.';",
      }),
    );
    expect(found).toHaveLength(2);
    expect(circleProblems(found)).toHaveLength(2);
  });
});
