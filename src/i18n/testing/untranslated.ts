/**
 * Finds user-visible English left in JSX, for the untranslated-text test. A TypeScript parse
 * rather than a regex, so generics, comparisons and comments are never mistaken for text.
 * Flags, when they contain a letter: JSX text; string literals that end up as a JSX child or as
 * the value of a visible attribute (label, title, aria-label, placeholder…) or of an object
 * property with such a name (`{ label: 'General' }`, `confirm({ title: … })`). Literals inside
 * calls (`t('nav.all')`), comparisons and keys are not shown to people and are skipped.
 */
import ts from 'typescript';

/** Attribute and property names whose string value people see. */
export const VISIBLE_NAMES = new Set([
  'label',
  'title',
  'aria-label',
  'placeholder',
  'description',
  'alt',
  'message',
  'confirmLabel',
  'cancelLabel',
  'subtitle',
  'documentTitle',
  'suffix',
  'prefix',
  'error',
]);

/** One finding: the line (1-based) and the text. */
export interface Finding {
  line: number;
  text: string;
}

const LETTER = /\p{L}/u;
// A lone character is a key name (<Kbd>N</Kbd>); a URL is an example address, not prose.
const isProse = (text: string) => LETTER.test(text) && text.length > 1 && !/^[a-z]+:\/\/\S*$/i.test(text);

/** The literal text an expression can evaluate to, where it is plainly written in place. */
function shownLiterals(expr: ts.Expression): ts.Node[] {
  if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr) || ts.isTemplateExpression(expr))
    return [expr];
  if (ts.isParenthesizedExpression(expr) || ts.isAsExpression(expr)) return shownLiterals(expr.expression);
  if (ts.isConditionalExpression(expr))
    return [...shownLiterals(expr.whenTrue), ...shownLiterals(expr.whenFalse)];
  if (ts.isBinaryExpression(expr)) {
    const op = expr.operatorToken.kind;
    if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken)
      return [...shownLiterals(expr.left), ...shownLiterals(expr.right)];
    if (op === ts.SyntaxKind.AmpersandAmpersandToken) return shownLiterals(expr.right);
  }
  return [];
}

function literalText(node: ts.Node): string {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node))
    return [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ').trim();
  return '';
}

function propertyName(name: ts.PropertyName | ts.JsxAttributeName): string {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return '';
}

/** Every piece of visible, untranslated text in a `.tsx` source. */
export function findUntranslated(source: string, fileName = 'file.tsx'): Finding[] {
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: Finding[] = [];
  const report = (node: ts.Node, text: string) => {
    const clean = text.replace(/\s+/g, ' ').trim();
    if (!isProse(clean)) return;
    found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: clean });
  };
  const reportExpr = (expr: ts.Expression | undefined) => {
    if (expr) for (const lit of shownLiterals(expr)) report(lit, literalText(lit));
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text);
    else if (ts.isJsxExpression(node) && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent)))
      reportExpr(node.expression);
    else if (ts.isJsxAttribute(node) && VISIBLE_NAMES.has(propertyName(node.name))) {
      const init = node.initializer;
      if (init && ts.isStringLiteral(init)) report(init, init.text);
      else if (init && ts.isJsxExpression(init)) reportExpr(init.expression);
    } else if (ts.isPropertyAssignment(node) && VISIBLE_NAMES.has(propertyName(node.name)))
      reportExpr(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}
