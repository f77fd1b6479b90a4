// one-off: split `import … from '@cumulus/sdk'` into the SDK part and the shell engine part
import ts from 'typescript';
import { readFileSync, writeFileSync } from 'node:fs';
import { execSync } from 'node:child_process';
import path from 'node:path';
const [target, ...roots] = process.argv.slice(2); // target index path, e.g. shell/src/lib/engine/index.ts
const prog = ts.createProgram([target!], { strict: true, moduleResolution: ts.ModuleResolutionKind.Bundler, module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, noEmit: true, resolveJsonModule: true });
const checker = prog.getTypeChecker();
const moved = new Set(checker.getExportsOfModule(checker.getSymbolAtLocation(prog.getSourceFile(target!)!)!).map((s) => s.name));
const files = execSync(`git ls-files ${roots.join(' ')} | grep -E '\\.tsx?$'`, { encoding: 'utf8' }).trim().split('\n');
const targetDir = path.dirname(target!);
let changed = 0;
for (const f of files) {
  if (f.startsWith(targetDir + '/')) continue;
  const text = readFileSync(f, 'utf8');
  const src = ts.createSourceFile(f, text, ts.ScriptTarget.Latest, true);
  const edits: [number, number, string][] = [];
  for (const st of src.statements) {
    if (!ts.isImportDeclaration(st) || !ts.isStringLiteral(st.moduleSpecifier) || st.moduleSpecifier.text !== '@cumulus/sdk') continue;
    const nb = st.importClause?.namedBindings;
    if (!nb || !ts.isNamedImports(nb)) continue;
    const typeOnly = st.importClause!.isTypeOnly;
    const els = nb.elements.map((e) => e.getText(src));
    const names = nb.elements.map((e) => (e.propertyName ?? e.name).text);
    const keep = els.filter((_, i) => !moved.has(names[i]!));
    const move = els.filter((_, i) => moved.has(names[i]!));
    if (move.length === 0) continue;
    let rel = path.relative(path.dirname(f), targetDir.replace(/\/index\.ts$/, ''));
    if (!rel.startsWith('.')) rel = './' + rel;
    const kw = typeOnly ? 'import type' : 'import';
    const out = [] as string[];
    if (keep.length) out.push(`${kw} { ${keep.join(', ')} } from '@cumulus/sdk';`);
    out.push(`${kw} { ${move.join(', ')} } from '${rel}';`);
    edits.push([st.getStart(src), st.getEnd(), out.join('\n')]);
  }
  if (!edits.length) continue;
  let t = text;
  for (const [s, e, r] of edits.reverse()) t = t.slice(0, s) + r + t.slice(e);
  writeFileSync(f, t); changed++;
}
console.log('changed', changed, 'moved names', moved.size);
