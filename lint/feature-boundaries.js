// Feature boundaries in the web app (issue 30, step 4): a feature folder keeps its components/,
// api/ and hooks/ to itself. Another feature reaches it only through the files at the feature's root
// — its faces: index.ts, and small named entry points such as responsible-gaming/shell.ts that stay
// apart so a page does not download the whole feature. What two features both need moves to shared/.
import path from 'node:path';

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const FEATURES = 'web/src/features';

const relative = (file) => path.relative(repoRoot, file).split(path.sep).join('/');

/** `{ feature, inner }` of a repository-relative path inside web/src/features, else null. */
export function featureOf(rel) {
  if (!rel.startsWith(`${FEATURES}/`)) return null;
  const [feature, ...inner] = rel.slice(FEATURES.length + 1).split('/');
  return { feature, inner };
}

/** @type {import('eslint').Rule.RuleModule} */
export const featureBoundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'A web feature is reached by another only through the files at its root.' },
    schema: [],
    messages: {
      internal:
        "'{{source}}' reaches inside the {{target}} feature; import one of its faces (a file at features/{{target}}/, such as index.ts), or move what both need to shared/.",
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const own = featureOf(relative(filename));
    if (!own || /\.test\.tsx?$/.test(filename)) return {};

    function check(node, source) {
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = featureOf(relative(path.resolve(path.dirname(filename), source)));
      // inner.length > 1: a file in one of the feature's folders, not at its root.
      if (target && target.feature !== own.feature && target.inner.length > 1) {
        context.report({ node, messageId: 'internal', data: { source, target: target.feature } });
      }
    }

    return {
      ImportDeclaration: (node) => check(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node, node.source.value),
      ExportAllDeclaration: (node) => check(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node, node.source.value),
    };
  },
};

export default { rules: { 'feature-boundaries': featureBoundaries } };
