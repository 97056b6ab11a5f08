import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { errorCatalogue, type ErrorStatus } from '../../../../contracts/errors';
import { catalogues as gameClientCatalogues, refusalsMk } from '../../../game-client/strings';
import { supportedLanguages } from '../../../../contracts/content/translations';

/**
 * The language check of `npm test` (I18N-03, I18N-07, issue 17): every interface string exists in
 * English and in Macedonian. Key files are found, not listed, so an area's new dictionary is checked
 * the day it is added: any `en.ts`/`mk.ts` (or `<name>.en.ts`/`<name>.mk.ts`) under web/src must
 * have its other-language partner next to it, with the same keys, none empty, each filling in the
 * same `{{values}}`.
 */
const webSource = path.resolve(import.meta.dirname, '../..');
const keyFile = /^(?:(.+)\.)?(en|mk)\.ts$/;

type Dictionary = Record<string, string>;

/** Every key-file pair under web/src: the file of each language, by the pair's directory and name. */
function discoverKeyFiles(): Map<string, Partial<Record<'en' | 'mk', string>>> {
  const pairs = new Map<string, Partial<Record<'en' | 'mk', string>>>();
  const entries = readdirSync(webSource, { recursive: true, withFileTypes: true });
  for (const entry of entries) {
    const match = entry.isFile() ? keyFile.exec(entry.name) : null;
    if (!match) continue;
    const file = path.join(entry.parentPath, entry.name);
    const pair = path.join(path.relative(webSource, entry.parentPath), match[1] ?? '');
    pairs.set(pair, { ...pairs.get(pair), [match[2] as 'en' | 'mk']: file });
  }
  return pairs;
}

/** The string dictionaries a key file exports, merged (a file may split its keys over several). */
async function dictionaryOf(file: string): Promise<Dictionary> {
  const module = (await import(/* @vite-ignore */ file)) as Record<string, unknown>;
  const merged: Dictionary = {};
  for (const value of Object.values(module)) {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) continue;
    const entries = Object.entries(value);
    if (entries.length > 0 && entries.every(([, text]) => typeof text === 'string')) Object.assign(merged, value);
  }
  return merged;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((match) => match[1]!).sort();

/** The differences between two languages' dictionaries, as readable lines (empty when they agree). */
export function dictionaryDifferences(en: Dictionary, mk: Dictionary): string[] {
  const problems: string[] = [];
  for (const key of Object.keys(en)) if (!(key in mk)) problems.push(`${key}: English only`);
  for (const key of Object.keys(mk)) if (!(key in en)) problems.push(`${key}: Macedonian only`);
  for (const [language, dictionary] of [
    ['en', en],
    ['mk', mk],
  ] as const) {
    for (const [key, text] of Object.entries(dictionary)) if (text.trim() === '') problems.push(`${key}: empty in ${language}`);
  }
  for (const key of Object.keys(en)) {
    if (key in mk && placeholders(en[key]!).join() !== placeholders(mk[key]!).join())
      problems.push(`${key}: fills in ${placeholders(en[key]!).join()} in English but ${placeholders(mk[key]!).join()} in Macedonian`);
  }
  return problems;
}

describe('every interface string in English and Macedonian (I18N-03, issue 17)', () => {
  const pairs = discoverKeyFiles();

  it('finds the key files, the main dictionaries among them', () => {
    expect(supportedLanguages).toEqual(['en', 'mk']);
    expect([...pairs.keys()]).toContain(path.join('shared', 'i18n'));
    expect(pairs.size).toBeGreaterThanOrEqual(3);
  });

  it('each key file has its partner in the other language', () => {
    const lonely = [...pairs].filter(([, files]) => !files.en || !files.mk).map(([pair, files]) => `${pair}: only ${Object.keys(files).join()}`);
    expect(lonely).toEqual([]);
  });

  it('each pair has the same keys, none empty, filling in the same values', async () => {
    const problems: string[] = [];
    for (const [pair, files] of pairs) {
      if (!files.en || !files.mk) continue;
      const [en, mk] = await Promise.all([dictionaryOf(files.en), dictionaryOf(files.mk)]);
      expect(Object.keys(en).length, `${pair}: no strings found in en`).toBeGreaterThan(0);
      problems.push(...dictionaryDifferences(en, mk).map((problem) => `${pair}: ${problem}`));
    }
    expect(problems).toEqual([]);
  });

  it('every file that registers strings for one language registers the other too', () => {
    const unpaired: string[] = [];
    for (const entry of readdirSync(webSource, { recursive: true, withFileTypes: true })) {
      if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || entry.name.endsWith('.test.ts')) continue;
      const text = readFileSync(path.join(entry.parentPath, entry.name), 'utf8');
      const registered = new Set([...text.matchAll(/addResourceBundle\(\s*'(\w+)'/g)].map((match) => match[1]));
      if (registered.size > 0 && !(registered.has('en') && registered.has('mk'))) unpaired.push(`${entry.name}: ${[...registered].join()}`);
    }
    expect(unpaired).toEqual([]);
  });

  it('the game client has every string in both languages', () => {
    const en = gameClientCatalogues.en as Dictionary;
    const mk = gameClientCatalogues.mk as Dictionary;
    // The game client fills in `{value}`, not `{{value}}`: compare those.
    const single = (text: string) =>
      [...text.matchAll(/\{(\w+)\}/g)]
        .map((match) => match[1]!)
        .sort()
        .join();
    expect(dictionaryDifferences(en, mk)).toEqual([]);
    expect(Object.keys(en).filter((key) => single(en[key]!) !== single(mk[key] ?? ''))).toEqual([]);
  });

  it('every string file of the game client has each catalogue in both languages (found by name: *strings*.ts, exports `<name>En`/`<name>Mk` or `en`/`mk`)', async () => {
    const gameClient = path.resolve(webSource, '../game-client');
    const files = readdirSync(gameClient, { recursive: true, withFileTypes: true }).filter(
      (entry) => entry.isFile() && /strings.*\.ts$/.test(entry.name) && !entry.name.endsWith('.test.ts'),
    );
    expect(files.map((entry) => entry.name)).toContain('strings.ts');
    const single = (text: string) =>
      [...text.matchAll(/\{(\w+)\}/g)]
        .map((match) => match[1]!)
        .sort()
        .join();
    const problems: string[] = [];
    for (const entry of files) {
      const module = (await import(/* @vite-ignore */ path.join(entry.parentPath, entry.name))) as Record<string, unknown>;
      for (const [name, english] of Object.entries(module)) {
        const match = /^(?:(.+)En|en)$/.exec(name);
        if (!match || typeof english !== 'object' || english === null) continue;
        const macedonian = module[match[1] ? `${match[1]}Mk` : 'mk'] as Dictionary | undefined;
        if (!macedonian) {
          problems.push(`${entry.name}: ${name} has no Macedonian partner`);
          continue;
        }
        const en = english as Dictionary;
        problems.push(...dictionaryDifferences(en, macedonian).map((problem) => `${entry.name}: ${problem}`));
        problems.push(
          ...Object.keys(en)
            .filter((key) => key in macedonian && single(en[key]!) !== single(macedonian[key]!))
            .map((key) => `${entry.name}: ${key} fills in other values`),
        );
      }
    }
    expect(problems).toEqual([]);
  });

  it('every refusal status of the catalogue has its Macedonian text in the game client (English is the server message)', () => {
    const missing = (Object.keys(errorCatalogue) as ErrorStatus[]).filter((status) => !refusalsMk[status]?.trim());
    expect(missing).toEqual([]);
    const unknown = Object.keys(refusalsMk).filter((status) => !(status in errorCatalogue));
    expect(unknown).toEqual([]);
  });
});

describe('dictionaryDifferences', () => {
  it('names a key in one language only, an empty string and different values filled in', () => {
    expect(dictionaryDifferences({ a: 'A', b: 'B {{n}}', c: 'C' }, { a: '', b: 'Б {{m}}', d: 'Д' })).toEqual([
      'c: English only',
      'd: Macedonian only',
      'a: empty in mk',
      'b: fills in n in English but m in Macedonian',
    ]);
    expect(dictionaryDifferences({ a: 'A {{n}}' }, { a: 'А {{n}}' })).toEqual([]);
  });
});
