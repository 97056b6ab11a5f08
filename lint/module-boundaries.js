// Module boundaries on the server (ARCHITECTURE §2): each module shows its public face in one
// index.ts and keeps its tables to itself. This rule fails an import that reaches inside another
// module, an import of another module's table objects, and raw SQL naming another module's table,
// so a crossing is caught in review by `npm run lint`, not found later by a reader.
import path from 'node:path';
import { MODULE_ROOTS, TABLE_OWNERS } from './module-map.js';

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');

/** The repository-relative path with forward slashes and no extension. */
function relative(file) {
  return path
    .relative(repoRoot, file)
    .split(path.sep)
    .join('/')
    .replace(/\.(ts|tsx|js|mjs)$/, '');
}

/** The module a repository-relative path belongs to, or null for shared infrastructure. */
export function moduleOf(rel) {
  for (const root of MODULE_ROOTS) {
    if (rel === root || rel.startsWith(`${root}/`)) return root;
  }
  return null;
}

const isTestFile = (rel) => /\.test$|\.property\.test$/.test(rel) || rel.startsWith('tests/') || rel.startsWith('bench/');

const tableByExport = new Map();
const tableBySqlName = new Map();
for (const [owner, tables] of Object.entries(TABLE_OWNERS)) {
  for (const [exportName, sqlName] of Object.entries(tables)) {
    tableByExport.set(exportName, owner);
    tableBySqlName.set(sqlName, owner);
  }
}

// A table named where SQL reads or writes rows: FROM, JOIN, INTO, UPDATE, DELETE FROM, TABLE.
const SQL_TABLE = /\b(?:from|join|into|update|table)\s+"?([a-z_][a-z0-9_]*)"?/gi;

// Only text that reads as a statement is searched, so 'a transfer from payment …' in a message is not.
const LOOKS_LIKE_SQL = /\b(?:select|insert|update|delete)\b[\s\S]*\b(?:from|into|set|join)\b/i;

const moduleName = (root) => root.replace(/^server\//, '');

/** @type {import('eslint').Rule.RuleModule} */
export const moduleBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A server module is reached only through its index.ts, and its tables only by itself.' },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches inside the {{target}} module; import its public face '{{index}}' instead (ARCHITECTURE §2; its routes.ts only from a plugin).",
      table: "Table '{{table}}' belongs to the {{owner}} module; call that module's interface instead of using its table here (ARCHITECTURE §2).",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const rel = relative(filename);
    if (isTestFile(rel) || !(rel.startsWith('server/') || rel.startsWith('contracts/'))) return {};
    const own = moduleOf(rel);
    // The demo loader fills an empty database the way a migration would, so it writes rows of many
    // modules; it still reaches their code only through their public faces.
    const ownsNoTables = rel.startsWith('server/db/') || own === 'server/seed';
    const mountsRoutes = rel === 'server/app' || rel.endsWith('.plugin');

    function checkSource(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = relative(path.resolve(path.dirname(filename), source));
      const targetModule = moduleOf(target);
      // A module's routes are its second face, for the plugins that mount prefixes (and app.ts) only:
      // a service importing another module's routes would drag its handlers into the import graph.
      const routesFace = target === `${targetModule}/routes` && mountsRoutes;
      if (targetModule && targetModule !== own && target !== targetModule && target !== `${targetModule}/index` && !routesFace) {
        context.report({
          node,
          messageId: 'internal',
          data: { source, target: moduleName(targetModule), index: `${targetModule}/index.ts` },
        });
      }
      return target;
    }

    function checkTableNames(node, names) {
      for (const { name, node: at } of names) {
        const owner = tableByExport.get(name);
        if (owner && owner !== own) context.report({ node: at ?? node, messageId: 'table', data: { table: name, owner: moduleName(owner) } });
      }
    }

    function checkSqlText(node, text) {
      if (!LOOKS_LIKE_SQL.test(text)) return;
      for (const match of text.matchAll(SQL_TABLE)) {
        const owner = tableBySqlName.get(match[1].toLowerCase());
        if (owner && owner !== own) context.report({ node, messageId: 'table', data: { table: match[1], owner: moduleName(owner) } });
      }
    }

    const isSchemaPath = (target) => target === 'server/db/schema' || target?.startsWith('server/db/schema/');

    return {
      ImportDeclaration(node) {
        const target = checkSource(node, node.source.value);
        if (isSchemaPath(target) && !ownsNoTables) {
          checkTableNames(
            node,
            node.specifiers.filter((s) => s.type === 'ImportSpecifier').map((s) => ({ name: s.imported.name ?? s.imported.value, node: s })),
          );
        }
      },
      ExportNamedDeclaration(node) {
        if (node.source) checkSource(node, node.source.value);
      },
      ExportAllDeclaration(node) {
        checkSource(node, node.source.value);
      },
      ImportExpression(node) {
        if (node.source.type === 'Literal') checkSource(node, node.source.value);
      },
      TemplateLiteral(node) {
        if (own && !ownsNoTables) checkSqlText(node, node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' '));
      },
      Literal(node) {
        if (own && !ownsNoTables && typeof node.value === 'string' && node.value.length > 12) checkSqlText(node, node.value);
      },
    };
  },
};

export default { rules: { 'module-boundaries': moduleBoundaries } };
