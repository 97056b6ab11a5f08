/**
 * Which of the spec's requirement ids the tests name (issue 28): moving a rule from a browser test
 * to an API or component test must keep its id, so the count must not drop. Reads the ids the
 * requirements table defines (default `../shared/spec/REQUIREMENTS.md` beside the checkout), the
 * ids every test file names (`requirementIdsIn`, ranges expanded), and prints the coverage by layer.
 *
 * `npm run test:requirements -- [--spec REQUIREMENTS.md] [--save ids.json] [--compare ids.json]`:
 * `--save` keeps today's covered ids, `--compare` lists the ids an earlier save covered that are no
 * longer named (and exits 1 when there are any).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { definedRequirementIds, requirementIdsIn } from './requirement-ids';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const option = (name: string) => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};
const specPath = path.resolve(root, option('--spec') ?? '../shared/spec/REQUIREMENTS.md');

function testFiles(directory: string): string[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) return [];
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? testFiles(full) : entry.name.endsWith('.test.ts') || entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

const layerOf = (file: string) =>
  file.includes(`${path.sep}tests${path.sep}browser${path.sep}`)
    ? 'browser'
    : file.includes(`${path.sep}tests${path.sep}api${path.sep}`)
      ? 'api'
      : file.endsWith('.test.tsx')
        ? 'component'
        : 'unit';
const files = ['tests', 'server', 'contracts', 'web', 'scripts', 'lint'].flatMap((folder) => testFiles(path.join(root, folder)));
const layers = new Map<string, Set<string>>([
  ['unit', new Set()],
  ['component', new Set()],
  ['api', new Set()],
  ['browser', new Set()],
]);
for (const file of files) for (const id of requirementIdsIn(readFileSync(file, 'utf8'))) layers.get(layerOf(file))!.add(id);

const defined = existsSync(specPath) ? new Set(definedRequirementIds(readFileSync(specPath, 'utf8'))) : undefined;
const named = new Set([...layers.values()].flatMap((ids) => [...ids]));
const covered = [...named].filter((id) => !defined || defined.has(id)).sort();
const inLayer = (layer: string) => covered.filter((id) => layers.get(layer)!.has(id));
const onlyBrowser = covered.filter((id) => layers.get('browser')!.has(id) && !['unit', 'component', 'api'].some((layer) => layers.get(layer)!.has(id)));

console.log(defined ? `${specPath}: ${defined.size} requirement ids defined` : `${specPath} not found: counting every id the tests name`);
console.log(`${files.length} test files name ${covered.length} of them${defined ? ` (${((covered.length / defined.size) * 100).toFixed(1)} %)` : ''}`);
for (const layer of ['unit', 'component', 'api', 'browser']) console.log(`  ${layer.padEnd(10)} ${String(inLayer(layer).length).padStart(4)}`);
console.log(`  named only by browser tests: ${onlyBrowser.length}`);

const save = option('--save');
if (save) writeFileSync(save, `${JSON.stringify(covered, null, 1)}\n`);
const compare = option('--compare');
if (compare) {
  const before = JSON.parse(readFileSync(compare, 'utf8')) as string[];
  const lost = before.filter((id) => !covered.includes(id));
  console.log(`compared with ${compare} (${before.length} ids): ${lost.length} no longer named${lost.length ? `: ${lost.join(', ')}` : ''}`);
  if (lost.length > 0) process.exitCode = 1;
}
