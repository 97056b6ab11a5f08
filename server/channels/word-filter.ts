/**
 * The chat's blocked-word filter (server/channels/README.md). A player who wants a listed word past
 * the filter spells it with letters that only look the same: accents (scàm), letters of another
 * script (Cyrillic ѕсаm, Greek ѕcαm), digits and signs (5c@m, $c4m), full-width or styled forms
 * (ｓｃａｍ). Both the message and the listed words are reduced to the same "skeleton" before
 * they are compared, so every such spelling of a word meets the word itself.
 */

/**
 * Letters of other scripts and signs that pass for a Latin letter, with the letter they pass for.
 * Capitals are listed where they look like a different Latin letter than their small form (Greek
 * Η is H, η is n), so the table is read before the text is put in small letters. Cyrillic and
 * Greek words in the list go through the same table, so they still meet themselves.
 */
const LOOK_ALIKES: Readonly<Record<string, string>> = {
  // Cyrillic capitals that look like a Latin capital whose small letter differs from theirs.
  В: 'b',
  Н: 'h',
  М: 'm',
  Т: 't',
  К: 'k',
  // Cyrillic small letters.
  а: 'a',
  в: 'b',
  е: 'e',
  ё: 'e',
  о: 'o',
  р: 'p',
  с: 'c',
  х: 'x',
  у: 'y',
  к: 'k',
  м: 'm',
  н: 'h',
  т: 't',
  і: 'i',
  ї: 'i',
  ј: 'j',
  ѕ: 's',
  һ: 'h',
  ԁ: 'd',
  ԛ: 'q',
  ԝ: 'w',
  ү: 'y',
  ӏ: 'i',
  ь: 'b',
  // Greek capitals that look like a Latin capital whose small letter differs from theirs.
  Β: 'b',
  Ε: 'e',
  Ζ: 'z',
  Η: 'h',
  Ι: 'i',
  Κ: 'k',
  Μ: 'm',
  Ν: 'n',
  Ρ: 'p',
  Τ: 't',
  Υ: 'y',
  Χ: 'x',
  // Greek small letters.
  α: 'a',
  β: 'b',
  ε: 'e',
  η: 'n',
  ι: 'i',
  κ: 'k',
  ν: 'v',
  ο: 'o',
  ρ: 'p',
  τ: 't',
  υ: 'u',
  χ: 'x',
  ω: 'w',
  // Digits and signs written for letters. 1 stands for i as often as for l, so l and i are one letter here.
  '0': 'o',
  '1': 'i',
  l: 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
};

/**
 * The skeleton a text is compared by: compatibility decomposition (NFKD: full-width and styled
 * letters become plain ones, accented ones a letter and its marks), the marks dropped, look-alike
 * letters, digits and signs replaced by the Latin letter they imitate, small letters.
 */
export function foldForWordFilter(text: string): string {
  const plain = text.normalize('NFKD').replace(/\p{M}/gu, '');
  let folded = '';
  for (const character of plain) {
    const small = character.toLowerCase();
    folded += LOOK_ALIKES[character] ?? LOOK_ALIKES[small] ?? small;
  }
  return folded;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The listed word the message contains as a whole word, compared by skeleton, if any. A message
 * with one is refused, not masked: refusing stores and broadcasts nothing and tells the player
 * which field to change; a masked message still carries its intent to everyone in the room and
 * invites spelling games around the mask.
 */
export function blockedWordIn(text: string, blockedWords: readonly string[]): string | undefined {
  const folded = foldForWordFilter(text);
  return blockedWords.find((word) => {
    const needle = escapeRegExp(foldForWordFilter(word.trim()));
    return needle.length > 0 && new RegExp(`(?<![\\p{L}\\p{N}])${needle}(?![\\p{L}\\p{N}])`, 'u').test(folded);
  });
}
