import { execFileSync } from 'node:child_process';
import { circleProblems, circles, importGraph, readRepositoryFile, sourceFiles } from '../lint/import-cycles';

// `npm run lint`'s import-circle check (lint/import-cycles.ts): fails on a circle through two server
// modules, a server circle longer than ten files, or any circle in the web app.
const root = process.cwd();
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const files = sourceFiles(tracked);
const found = circles(importGraph(files, readRepositoryFile(root)));
const problems = circleProblems(found);
if (problems.length > 0) {
  for (const problem of problems) console.error(problem);
  console.error(`\n${problems.length} import circle(s) break the rules (docs/architecture.md §2).`);
  process.exit(1);
}
console.log(
  `import circles: ${files.length} files, ${found.length} circle(s), the longest ${Math.max(0, ...found.map((circle) => circle.length))} files, none through two modules`,
);
