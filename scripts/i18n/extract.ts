import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { cataloguesOf, sourceFilesOf } from './catalogues';

/** Translate functions, by the name they are called with (`t`, `ctx.t`; the server pages' `th` translates for HTML). */
const TRANSLATE_FUNCTIONS = new Set(['t', 'th']);
/** Names of the markers that declare a key without translating it (see the SDK's `i18nKey`). */
const KEY_MARKERS = new Set(['i18nKey']);
/** Markers that declare a key translated with `count` elsewhere. */
const PLURAL_MARKERS = new Set(['i18nPlural']);

/** A `t()` call whose key the extractor cannot read: it needs markers at the keys' source. */
export interface DynamicKey {
  /** `file:line`. */
  at: string;
  /** The argument's text. */
  argument: string;
}

/** What the code of one catalogue uses. */
export interface ExtractedKeys {
  /** Every key, sorted. */
  keys: string[];
  /** The keys used with `count` (or marked with `i18nPlural`), sorted. */
  plurals: string[];
  /** Where a key is used (first place), for messages. */
  usedAt: Map<string, string>;
  /** Calls the extractor could not read. */
  dynamic: DynamicKey[];
  /** i18next contexts used (`t(key, { context: 'key' })`): a catalogue may add `<key>_<context>` entries. */
  contexts: string[];
}

/**
 * The string values an expression can take, when they are all literal:
 * 'a', `a`, cond ? 'a' : 'b', ('a'), 'a' as const. null otherwise.
 */
function literalValues(node: ts.Expression): string[] | null {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node)) return literalValues(node.expression);
  if (ts.isConditionalExpression(node)) {
    const whenTrue = literalValues(node.whenTrue);
    const whenFalse = literalValues(node.whenFalse);
    return whenTrue && whenFalse ? [...whenTrue, ...whenFalse] : null;
  }
  return null;
}

/** The called function's name: `t(…)`, `ctx.t(…)`, `this.props.t(…)` all give 't'. */
function calleeName(call: ts.CallExpression): string | null {
  const callee = call.expression;
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  return null;
}

/** The literal `context` of `t`'s options, if any. */
function contextOf(options: ts.Expression | undefined): string | null {
  if (options === undefined || !ts.isObjectLiteralExpression(options)) return null;
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && ts.isIdentifier(property.name) && property.name.text === 'context') {
      const values = literalValues(property.initializer);
      if (values !== null && values.length === 1) return values[0] ?? null;
    }
  }
  return null;
}

/** Whether `t`'s options name a `count` (the call picks a plural form). */
function hasCount(options: ts.Expression | undefined): boolean {
  if (options === undefined || !ts.isObjectLiteralExpression(options)) return false;
  return options.properties.some(
    (property) =>
      (ts.isPropertyAssignment(property) || ts.isShorthandPropertyAssignment(property)) &&
      property.name !== undefined &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
      property.name.text === 'count',
  );
}

/**
 * Reads one source file's keys: the literal first argument of every call
 * to a function named `t` or `th` (any receiver), and the argument of every key
 * marker. Comments `// i18n-dynamic: <why>` on the line before a call
 * accept a key that is not literal (its possible values must be marked
 * where they are written).
 */
export function extractFromSource(path: string, text: string, into: ExtractedKeys): void {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const plurals = new Set(into.plurals);
  const keys = new Set(into.keys);
  const contexts = new Set(into.contexts);
  const add = (key: string, plural: boolean, node: ts.Node): void => {
    keys.add(key);
    if (plural) plurals.add(key);
    if (!into.usedAt.has(key)) into.usedAt.set(key, `${path}:${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}`);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const name = calleeName(node);
      const [first, second] = node.arguments;
      if (name !== null && first !== undefined) {
        const isT = TRANSLATE_FUNCTIONS.has(name);
        const isKeyMarker = KEY_MARKERS.has(name) && ts.isIdentifier(node.expression);
        const isPluralMarker = PLURAL_MARKERS.has(name) && ts.isIdentifier(node.expression);
        if (isT || isKeyMarker || isPluralMarker) {
          const context = isT ? contextOf(second) : null;
          if (context !== null) contexts.add(context);
          const values = literalValues(first);
          if (values !== null) {
            for (const value of values) add(value, isPluralMarker || (isT && hasCount(second)), node);
          } else if (!acceptedDynamic(source, node)) {
            const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
            into.dynamic.push({ at: `${path}:${line}`, argument: first.getText(source) });
          }
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  into.keys = [...keys].sort();
  into.plurals = [...plurals].sort();
  into.contexts = [...contexts].sort();
}

/** Whether the line before the call says `i18n-dynamic:` (its keys are marked where they are written). */
function acceptedDynamic(source: ts.SourceFile, node: ts.Node): boolean {
  const line = source.getLineAndCharacterOfPosition(node.getStart()).line;
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((text) => text !== undefined && /\bi18n-dynamic:/.test(text));
}

/** Every catalogue's keys in the checkout at `root`, keyed by catalogue folder. */
export function extractAll(root: string): Map<string, ExtractedKeys> {
  const result = new Map<string, ExtractedKeys>();
  for (const catalogue of cataloguesOf(root)) {
    const extracted: ExtractedKeys = { keys: [], plurals: [], usedAt: new Map(), dynamic: [], contexts: [] };
    for (const file of sourceFilesOf(root, catalogue)) {
      extractFromSource(file, readFileSync(join(root, file), 'utf8'), extracted);
    }
    result.set(catalogue.dir, extracted);
  }
  return result;
}
