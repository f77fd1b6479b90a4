/**
 * The shell's folder graph over the TypeScript import graph of shell/src:
 * which folder imports which (with the number of imports), the cycles between
 * folders, and the imports that go up a tier (docs/architecture.md, "The
 * shell's tiers").
 *
 *   npm run shell:graph                 production code
 *   npm run shell:graph -- --tests      tests too
 *   npm run shell:graph -- --root DIR   another checkout
 *
 * A folder is a tier folder's sub-folder (`surfaces/filelist`) or a top-level
 * folder of shell/src (`services`); a file directly in shell/src is its own
 * node. Static imports, re-exports, `import()` and `import('…')` types count;
 * a cycle made only of type imports is listed apart (it costs nothing at run time).
 * Exits 1 when there is a cycle or an upward import, so it can guard a change.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const rootArg = process.argv.indexOf('--root');
const ROOT = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]!) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(ROOT, 'shell/src');

/** The tiers from the bottom up: a folder may import its own tier and the ones below. */
const TIERS: [tier: string, folders: string[]][] = [
  ['kit', ['lib', 'ui', 'i18n', 'services', 'plugin-host']],
  ['model', ['model']],
  ['operations', ['operations']],
  ['surfaces', ['surfaces']],
  ['app', ['app']],
  ['entry', ['bootstrap.tsx', 'index.ts']],
];
/** Folders whose sub-folders are the graph's nodes. */
const CONTAINERS = new Set(['ui', 'lib', 'model', 'operations', 'surfaces', 'app', 'features']);

const withTests = process.argv.includes('--tests');
const isTest = (file: string): boolean => /\.test\.tsx?$/.test(file) || file.split(path.sep).includes('test-support');

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

function resolve(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const base = path.resolve(path.dirname(from), specifier.replace(/\.js$/, ''));
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

/** The graph node a file of shell/src belongs to. */
function folderOf(file: string): string {
  const parts = path.relative(SRC, file).split(path.sep);
  if (parts.length === 1) return parts[0]!;
  if (CONTAINERS.has(parts[0]!) && parts.length > 2) return `${parts[0]}/${parts[1]}`;
  return parts[0]!;
}

/** A node's tier rank; a folder outside every tier (the old features/) sits between operations and surfaces. */
function rankOf(folder: string): number {
  const top = folder.split('/')[0]!;
  const index = TIERS.findIndex(([, folders]) => folders.includes(top));
  return index >= 0 ? index : 2.5;
}
const tierName = (folder: string): string => {
  const rank = rankOf(folder);
  return Number.isInteger(rank) ? TIERS[rank]![0] : 'outside the tiers';
};

/** The relative imports of a file: [specifier, type-only?]. */
function importsOf(file: string): [string, boolean][] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: [string, boolean][] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined && bindings !== undefined && ts.isNamedImports(bindings) && bindings.elements.length > 0 && bindings.elements.every((element) => element.isTypeOnly)));
      found.push([node.moduleSpecifier.text, typeOnly]);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push([node.moduleSpecifier.text, node.isTypeOnly]);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push([node.argument.literal.text, true]);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [argument] = node.arguments;
      if (argument && (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument))) found.push([argument.text, false]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = sources(SRC).filter((file) => withTests || !isTest(file));
/** folder -> folder -> the imports (file -> file), and whether every one of them is type-only. */
const edges = new Map<string, Map<string, string[]>>();
const runtime = new Map<string, Set<string>>();
for (const file of files) {
  for (const [specifier, typeOnly] of importsOf(file)) {
    const target = resolve(file, specifier);
    if (!target || !target.startsWith(SRC + path.sep)) continue;
    const from = folderOf(file);
    const to = folderOf(target);
    if (from === to) continue;
    const out = edges.get(from) ?? new Map<string, string[]>();
    edges.set(from, out);
    out.set(to, [...(out.get(to) ?? []), `${path.relative(SRC, file)} -> ${path.relative(SRC, target)}${typeOnly ? ' (types)' : ''}`]);
    if (!typeOnly) runtime.set(from, (runtime.get(from) ?? new Set<string>()).add(to));
  }
}

const nodes = [...new Set([...files.map(folderOf), ...[...edges.values()].flatMap((out) => [...out.keys()])])].sort(
  (a, b) => rankOf(a) - rankOf(b) || a.localeCompare(b),
);

/** Tarjan's strongly connected components over `graph`: every component of more than one folder is a cycle. */
function cycles(graph: Map<string, Iterable<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of nodes) if (!index.has(node)) visit(node);
  return found;
}

console.log(`shell/src folder graph (${withTests ? 'with tests' : 'production code'}; ${files.length} files, ${nodes.length} folders)`);
let tier = '';
for (const node of nodes) {
  if (tierName(node) !== tier) {
    tier = tierName(node);
    console.log(`\n[${tier}]`);
  }
  const out = [...(edges.get(node) ?? new Map<string, string[]>()).entries()].sort(([a], [b]) => a.localeCompare(b));
  console.log(`  ${node} -> ${out.length === 0 ? '(nothing)' : out.map(([to, why]) => `${to} (${why.length})`).join(', ')}`);
}

const found = cycles(runtime);
console.log(`\ncycles: ${found.length}`);
for (const component of found) console.log(`  ${component.length} folders: ${component.join(', ')}`);
// A cycle of types only (the store's RootState is made of the slices that name it) costs nothing at run time.
const all = new Map([...edges.entries()].map(([from, out]) => [from, [...out.keys()]]));
const typeCycles = cycles(all).filter((component) => !found.some((cycle) => component.every((member) => cycle.includes(member)) && cycle.length === component.length));
console.log(`cycles closed only by type imports: ${typeCycles.length}`);
for (const component of typeCycles) console.log(`  ${component.length} folders: ${component.join(', ')}`);

const upward = [...edges.entries()].flatMap(([from, out]) =>
  [...out.entries()].filter(([to]) => rankOf(to) > rankOf(from)).map(([to, why]) => ({ from, to, why })),
);
console.log(`\nupward imports (a folder importing a higher tier): ${upward.reduce((sum, { why }) => sum + why.length, 0)}`);
for (const { from, to, why } of upward) {
  console.log(`  ${from} [${tierName(from)}] -> ${to} [${tierName(to)}]: ${why.length}`);
  for (const line of why.slice(0, 3)) console.log(`      ${line}`);
  if (why.length > 3) console.log(`      … and ${why.length - 3} more`);
}
if (found.length > 0 || upward.length > 0) process.exitCode = 1;
