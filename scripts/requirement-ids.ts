/**
 * The requirement ids a text names (issue 28: the count of ids covered by tests must not drop when
 * tests move between layers). Ids are the spec's (`ACC-05`, `DEP-15`, `DEF-19`); a range written
 * `DEP-15…23` or `DEP-15...23` names every id from the first to the last of the same area.
 */
const ID = /\b([A-Z]{2,8})-(\d{2,3})(?:(?:…|\.\.\.)(?:\1-)?(\d{2,3}))?\b/g;

export function requirementIdsIn(text: string): Set<string> {
  const ids = new Set<string>();
  for (const match of text.matchAll(ID)) {
    const [, area, first, last] = match;
    const width = first!.length;
    const from = Number(first);
    const to = last === undefined ? from : Number(last);
    // A range written backwards or absurdly long is a typo, not a hundred requirements.
    if (to < from || to - from > 60) {
      ids.add(`${area}-${first}`);
      continue;
    }
    for (let number = from; number <= to; number++) ids.add(`${area}-${String(number).padStart(width, '0')}`);
  }
  return ids;
}

/** The ids a requirements table defines: the first cell of each row (`| BOOT-01 | … |`). */
export function definedRequirementIds(markdown: string): string[] {
  return [...markdown.matchAll(/^\|\s*([A-Z]{2,8}-\d{2,3})\s*\|/gm)].map((match) => match[1]!);
}
