/** Turns the configured address and a build-time comma-separated list into an ordered, duplicate-free list (NS-10). */
export function candidateBases(preferred: readonly (string | undefined)[], buildList: string | undefined, sameOrigin: string): string[] {
  const fromBuild = (buildList ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const all = [...preferred, ...(fromBuild.length > 0 ? fromBuild : [sameOrigin])];
  const seen = new Set<string>();
  const ordered: string[] = [];
  for (const entry of all) {
    const base = entry?.trim().replace(/\/+$/, '');
    if (!base || seen.has(base)) continue;
    seen.add(base);
    ordered.push(base);
  }
  return ordered;
}
