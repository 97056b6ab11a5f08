import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { MODULE_ROOTS } from './module-map.js';

/**
 * Import circles (docs/architecture.md §2). On the server a circle may stay inside one module and
 * be at most MAX_SERVER_CIRCLE files long; a circle through two modules fails, because the modules
 * then load in an order nobody chose (the crash that once made limits/index.ts order its exports by
 * hand). In the web app no circle is allowed. Type-only imports count: a module that needs another's
 * types to compile is tied to it as well.
 */
export const MAX_SERVER_CIRCLE = 10;

export type Graph = Map<string, Set<string>>;

const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

/** The repository file an import names, or null for a package (or a file that is not ours). */
function resolveImport(from: string, specifier: string, exists: (file: string) => boolean): string | null {
  if (!specifier.startsWith('.')) return null;
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  if (/\.(ts|tsx)$/.test(base) && exists(base)) return base;
  for (const extension of EXTENSIONS) if (exists(base + extension)) return base + extension;
  return null;
}

/** Every file's imports among `files` (repository-relative paths), read as TypeScript reads them. */
export function importGraph(files: readonly string[], read: (file: string) => string): Graph {
  const known = new Set(files);
  const graph: Graph = new Map();
  for (const file of files) {
    const targets = new Set<string>();
    for (const { fileName } of ts.preProcessFile(read(file), true, true).importedFiles) {
      const target = resolveImport(file, fileName, (candidate) => known.has(candidate));
      if (target && target !== file) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The circles of the graph: its strongly connected components of more than one file (Tarjan). */
export function circles(graph: Graph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const root of graph.keys()) {
    if (index.has(root)) continue;
    const work: { file: string; targets: Iterator<string> }[] = [];
    const enter = (file: string) => {
      index.set(file, next);
      low.set(file, next);
      next += 1;
      stack.push(file);
      onStack.add(file);
      work.push({ file, targets: (graph.get(file) ?? new Set<string>()).values() });
    };
    enter(root);
    while (work.length > 0) {
      const top = work[work.length - 1]!;
      const step = top.targets.next();
      if (!step.done) {
        const target = step.value;
        if (!index.has(target)) enter(target);
        else if (onStack.has(target)) low.set(top.file, Math.min(low.get(top.file)!, index.get(target)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(top.file)!));
      if (low.get(top.file) === index.get(top.file)) {
        const component: string[] = [];
        let file: string;
        do {
          file = stack.pop()!;
          onStack.delete(file);
          component.push(file);
        } while (file !== top.file);
        if (component.length > 1) found.push(component.sort());
      }
    }
  }
  return found;
}

/** The server module a file belongs to, or its folder for shared infrastructure. */
export function serverModuleOf(file: string): string {
  const bare = file.replace(/\.(ts|tsx)$/, '');
  const root = MODULE_ROOTS.find((candidate) => bare === candidate || bare.startsWith(`${candidate}/`));
  return root ?? path.posix.dirname(file);
}

/** What is wrong with the circles found: one line per circle that breaks the rules. */
export function circleProblems(found: readonly string[][]): string[] {
  const problems: string[] = [];
  for (const circle of found) {
    const list = circle.join(', ');
    if (circle.some((file) => file.startsWith('web/'))) {
      problems.push(`web: ${circle.length} files import one another in a circle: ${list}`);
      continue;
    }
    const modules = [...new Set(circle.map(serverModuleOf))];
    if (modules.length > 1) problems.push(`server: a circle through the modules ${modules.join(', ')} (${circle.length} files): ${list}`);
    else if (circle.length > MAX_SERVER_CIRCLE)
      problems.push(`server: a circle of ${circle.length} files (at most ${MAX_SERVER_CIRCLE}) in ${modules[0]}: ${list}`);
  }
  return problems;
}

/** The source files whose circles are judged: the server, the contracts and the web app, tests apart. */
export function sourceFiles(all: readonly string[]): string[] {
  return all.filter((file) => /^(server|contracts|web)\/.*\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes('/migrations/'));
}

export function readRepositoryFile(root: string): (file: string) => string {
  return (file) => readFileSync(path.join(root, file), 'utf8');
}
