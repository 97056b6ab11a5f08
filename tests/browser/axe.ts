import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);

/** axe-core's browser build, read once per test file. */
let source: Promise<string> | undefined;
const axeSource = () => (source ??= readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));

/** The rules of WCAG 2.0, 2.1 and 2.2 at levels A and AA, as axe-core tags them. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** The impacts a page must not have: a serious or critical violation blocks some players outright. */
const blocking = new Set(['serious', 'critical']);

export interface AxeFinding {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResults {
  violations: { id: string; impact: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
}

/**
 * Runs axe-core's WCAG 2 A/AA rules on the page as it stands and returns its serious and critical
 * violations. `exclude` lists selectors whose content the portal does not draw as HTML (a canvas, a
 * third party's frame); each caller says why.
 */
export async function axeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<AxeFinding[]> {
  // Evaluated through the DevTools protocol, not as a <script>: the portal's Content-Security-Policy
  // (script-src 'self') rightly refuses an inline script tag.
  if (!(await page.evaluate('typeof window.axe === "object"'))) await page.evaluate(await axeSource());
  const context = { include: [['html']], exclude: (options.exclude ?? []).map((selector) => [selector]) };
  // A string, not a function: the tests' types have no DOM, and axe lives only in the page.
  const results = (await page.evaluate(
    `window.axe.run(${JSON.stringify(context)}, { runOnly: { type: 'tag', values: ${JSON.stringify(wcagTags)} }, resultTypes: ['violations'] })`,
  )) as AxeResults;
  return results.violations
    .filter((violation) => violation.impact !== null && blocking.has(violation.impact))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.map(String).join(' ')),
    }));
}

/** A readable list of findings: one line per rule, then its elements. */
export function describeViolations(findings: AxeFinding[]): string {
  return findings
    .map((finding) => `${finding.rule} (${finding.impact}): ${finding.help}\n${finding.targets.map((target) => `    ${target}`).join('\n')}`)
    .join('\n');
}

/** Fails with the readable list when the page has a serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, where: string, options: { exclude?: string[] } = {}): Promise<void> {
  const findings = await axeViolations(page, options);
  if (findings.length > 0) throw new Error(`axe found serious or critical violations on ${where}:\n${describeViolations(findings)}`);
}
