import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * Every literal refusal text the server can answer with (issue 27 item 1), read from the source as
 * TypeScript reads it: the message and field errors of each `new AppError(…)`, each `fieldError(…)`,
 * the catalogue's default messages (contracts/errors.ts), a `{ field, error }` object's error, and
 * the `message`/`error` option a contract's zod rule refuses with. A text built from values (a
 * template literal) is given with `{}` where each value goes. The refusal catalogue's test
 * (server/http/refusals) fails on a text found here that has no Macedonian.
 */
export interface RefusalText {
  /** The English text, `{}` for each value a template literal puts in. */
  text: string;
  /** Repository-relative file and 1-based line, for the failure message. */
  where: string;
}

const ROOTS = ['server', 'contracts'];

function sourceFiles(root: string): string[] {
  const files: string[] = [];
  for (const top of ROOTS) {
    const walk = (dir: string) => {
      for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const relative = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) walk(relative);
        else if (/\.ts$/.test(entry.name) && !/\.(test|d)\.ts$/.test(entry.name)) files.push(relative);
      }
    };
    walk(top);
  }
  return files.sort();
}

/** The texts an expression can be: each branch of a conditional, a literal, or a template with `{}` for its values. */
function textsOf(node: ts.Expression): string[] {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return textsOf(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text + node.templateSpans.map((span) => `{}${span.literal.text}`).join('')];
  if (ts.isConditionalExpression(node)) return [...textsOf(node.whenTrue), ...textsOf(node.whenFalse)];
  if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    const left = textsOf(node.left);
    const right = textsOf(node.right);
    return [(left[0] ?? '{}') + (right[0] ?? '{}')];
  }
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken || node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  ) {
    return [...textsOf(node.left), ...textsOf(node.right)];
  }
  return [];
}

const propertyNamed = (node: ts.ObjectLiteralExpression, name: string): ts.Expression | undefined => {
  for (const property of node.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === name) return property.initializer;
  }
  return undefined;
};

const calleeName = (call: ts.CallExpression | ts.NewExpression): string | undefined => {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return undefined;
};

/** Refusal texts in one file's source. */
export function refusalTextsIn(file: string, source: string): RefusalText[] {
  const sourceFile = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  const found: RefusalText[] = [];
  const add = (node: ts.Node, expression: ts.Expression | undefined) => {
    if (!expression) return;
    const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line + 1;
    for (const text of textsOf(expression)) if (/[A-Za-z]{2}/.test(text)) found.push({ text, where: `${file}:${line}` });
  };
  const isContract = file.startsWith('contracts/');
  const visit = (node: ts.Node) => {
    if (ts.isNewExpression(node)) {
      const name = calleeName(node);
      // AppError(status, message, errors); PolicyRefusal(policy, status, message, errors); InvalidPresentationError(field, error).
      if (name === 'AppError' || name === 'InvalidPresentationError') add(node, node.arguments?.[1]);
      if (name === 'PolicyRefusal') add(node, node.arguments?.[2]);
    }
    // A subclass's `super('STATUS', message, …)`.
    if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.SuperKeyword) {
      const [status, message] = node.arguments;
      if (status && ts.isStringLiteral(status) && /^[A-Z_]+$/.test(status.text)) add(node, message);
    }
    if (ts.isCallExpression(node) && calleeName(node) === 'fieldError') add(node, node.arguments[1]);
    if (ts.isObjectLiteralExpression(node)) {
      // A field error: `{ field, error }`.
      if (propertyNamed(node, 'field') !== undefined) add(node, propertyNamed(node, 'error'));
      // The catalogue's entries: `{ httpStatus, message }`.
      if (propertyNamed(node, 'httpStatus') !== undefined) add(node, propertyNamed(node, 'message'));
      // A contract's zod rule refusing with its own text: `.min(8, { message })`, `z.string({ error })`.
      if (isContract && ts.isCallExpression(node.parent) && node.parent.arguments.includes(node)) {
        add(node, propertyNamed(node, 'message'));
        add(node, propertyNamed(node, 'error'));
      }
    }
    // `.refine(check, 'text')`, `.min(8, 'text')` in a contract: zod's second argument is the refusal.
    if (
      isContract &&
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      ['refine', 'min', 'max', 'regex', 'length', 'email', 'int', 'positive', 'nonnegative'].includes(node.expression.name.text)
    ) {
      const last = node.arguments[node.arguments.length - 1];
      if (last && node.arguments.length >= 1 && (ts.isStringLiteral(last) || ts.isNoSubstitutionTemplateLiteral(last) || ts.isTemplateExpression(last)))
        add(node, last);
    }
    // The sign-up and login field texts (contracts/platform/accounts/player-fields.ts).
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && /Messages$/.test(node.name.text) && node.initializer) {
      let initializer: ts.Expression = node.initializer;
      while (ts.isAsExpression(initializer) || ts.isSatisfiesExpression(initializer)) initializer = initializer.expression;
      if (ts.isObjectLiteralExpression(initializer)) {
        for (const property of initializer.properties) if (ts.isPropertyAssignment(property)) add(property, property.initializer);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return found;
}

/** Every refusal text in the repository at `root`, each once (its first place). */
export function refusalTexts(root: string): RefusalText[] {
  const seen = new Map<string, RefusalText>();
  for (const file of sourceFiles(root)) {
    for (const found of refusalTextsIn(file, readFileSync(path.join(root, file), 'utf8'))) if (!seen.has(found.text)) seen.set(found.text, found);
  }
  return [...seen.values()];
}
