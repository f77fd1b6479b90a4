/**
 * The repository's own docs checked as a reader meets them: every relative link
 * of every Markdown file leads to a file inside the checkout (and to a heading
 * there, when it names one), and every section citation in the code and the
 * docs ("product §4", "protocol §5.2") names a section that exists in
 * docs/product.md or docs/protocol.md. Nothing may point outside the checkout.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import path from 'node:path';

/** One thing a reader would trip over. */
export interface LinkProblem {
  /** The file, relative to the checkout. */
  file: string;
  /** 1-based line. */
  line: number;
  message: string;
}

/** The documents a "§" may cite, by the word that names them. */
export const CITED_DOCUMENTS: Readonly<Record<string, string>> = {
  product: 'docs/product.md',
  protocol: 'docs/protocol.md',
};

/** Files whose text is read for citations (code and docs). */
const CITING_FILE = /\.(ts|tsx|js|cjs|mjs|md)$/;

/** The checker and its test, whose texts quote bad citations on purpose. */
const SELF = new Set(['tests/lint/doc-links.test.ts']);

/** Names of places outside the checkout that code and docs once cited. */
const OUTSIDE_NAMES: readonly (readonly [RegExp, string])[] = [
  [/\.\.\/shared\//, '../shared/'],
  [/\bspec\/files-app\.md/, 'spec/files-app.md'],
  [/\bplugins-protocol\.md/, 'plugins-protocol.md'],
  [/\bARCHITECTURE\.md/, 'ARCHITECTURE.md'],
  [/\bTOOLCHAIN\.md/, 'TOOLCHAIN.md'],
  [/\bCONVENTIONS\.md/, 'CONVENTIONS.md'],
];

/** "issue 24", "issues 12 and 14", "issue #3": the tracker's numbers, which a clone does not carry. */
const ISSUE_NUMBER = /\b[Ii]ssues? #?\d+/;

/** GitHub's heading anchor: lower case, punctuation dropped, spaces to hyphens. */
export function headingAnchor(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown text's headings (repeated headings get -1, -2, … as on GitHub). */
export function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) continue;
    const match = /^#{1,6}\s+(.*)$/.exec(line);
    if (!match) continue;
    const base = headingAnchor(match[1] ?? '');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

/** The section numbers of a document: "## 4. States" gives "4", "### 5.2 Public" gives "5.2". */
export function sectionsOf(markdown: string): Set<string> {
  const sections = new Set<string>();
  for (const line of markdown.split('\n')) {
    const match = /^#{2,4}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (match?.[1]) sections.add(match[1]);
  }
  return sections;
}

/** Markdown links `[text](target)` and `![alt](target)` of one line, outside inline code. */
function linksOf(line: string): string[] {
  const withoutCode = line.replace(/`[^`]*`/g, '');
  const targets: string[] = [];
  for (const match of withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) targets.push(match[1] ?? '');
  return targets;
}

/** A reader of the checkout's files, so the checks run on a scratch tree in tests too. */
export interface Checkout {
  root: string;
  /** Paths relative to the root, '/'-separated. */
  files: readonly string[];
}

/** The files git tracks in `root`, plus untracked ones not ignored. */
export function gitCheckout(root: string): Checkout {
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  const files = out.split('\0').filter((file) => file !== '' && existsSync(path.join(root, file)));
  return { root, files };
}

function checkMarkdownLinks(checkout: Checkout, file: string, text: string, problems: LinkProblem[]): void {
  const lines = text.split('\n');
  let fenced = false;
  lines.forEach((line, index) => {
    if (/^\s*```/.test(line)) fenced = !fenced;
    if (fenced) return;
    for (const target of linksOf(line)) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // http:, https:, mailto: — not a file of ours
      const [pathPart = '', anchor] = target.split('#', 2);
      const resolved = pathPart === '' ? file : path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURI(pathPart)));
      if (resolved.startsWith('../') || path.posix.isAbsolute(resolved)) {
        problems.push({ file, line: index + 1, message: `link "${target}" leaves the checkout` });
        continue;
      }
      const absolute = path.join(checkout.root, resolved);
      if (!existsSync(absolute)) {
        problems.push({ file, line: index + 1, message: `link "${target}" points at nothing (${resolved})` });
        continue;
      }
      if (anchor !== undefined && anchor !== '' && resolved.endsWith('.md') && statSync(absolute).isFile()) {
        const anchors = anchorsOf(readFileSync(absolute, 'utf8'));
        if (!anchors.has(anchor)) problems.push({ file, line: index + 1, message: `link "${target}": ${resolved} has no heading #${anchor}` });
      }
    }
  });
}

/**
 * The document a "§" at `column` of `lines[index]` cites: the nearest naming word
 * before it on its line, else (with `lookBack`) on up to 6 lines above: a comment
 * that names the document once and then cites several sections.
 */
function citedDocument(lines: readonly string[], index: number, column: number, lookBack: boolean): string | 'rfc' | null {
  const nameRe = /\b(product|protocol)(?:\.md)?\b|\bRFC ?\d+/g;
  const lastName = (text: string): string | null => {
    let found: string | null = null;
    for (const match of text.matchAll(nameRe)) found = match[1] ?? 'rfc';
    return found;
  };
  const sameLine = lastName((lines[index] ?? '').slice(0, column));
  if (sameLine !== null || !lookBack) return sameLine;
  for (let back = index - 1; back >= Math.max(0, index - 6); back -= 1) {
    const found = lastName(lines[back] ?? '');
    if (found !== null) return found;
  }
  return null;
}

function checkCitations(file: string, text: string, sections: ReadonlyMap<string, Set<string>>, problems: LinkProblem[]): void {
  const lines = text.split('\n');
  const selfDocument = Object.entries(CITED_DOCUMENTS).find(([, doc]) => doc === file)?.[0];
  lines.forEach((line, index) => {
    if (ISSUE_NUMBER.test(line)) problems.push({ file, line: index + 1, message: 'names an issue by its number, which means nothing to a reader of the checkout: say the reason' });
    for (const [pattern, name] of OUTSIDE_NAMES) {
      if (pattern.test(line)) problems.push({ file, line: index + 1, message: `cites ${name}, which is outside the checkout: cite docs/ instead` });
    }
    for (const match of line.matchAll(/§ ?(\d+(?:\.\d+)*)/g)) {
      const number = match[1] ?? '';
      // Inside a cited document a bare "§" is its own section; elsewhere the naming word may stand a few lines above.
      const document = citedDocument(lines, index, match.index ?? 0, selfDocument === undefined) ?? selfDocument ?? null;
      if (document === 'rfc') continue;
      if (document === null) {
        problems.push({ file, line: index + 1, message: `"§${number}" names no document: write "product §${number}" or "protocol §${number}"` });
        continue;
      }
      const known = sections.get(document);
      if (!known?.has(number)) problems.push({ file, line: index + 1, message: `"${document} §${number}": ${CITED_DOCUMENTS[document]} has no section ${number}` });
    }
  });
}

/** Every problem of the checkout's docs and citations, in file order. */
export function checkLinks(checkout: Checkout): LinkProblem[] {
  const problems: LinkProblem[] = [];
  const sections = new Map<string, Set<string>>();
  for (const [name, doc] of Object.entries(CITED_DOCUMENTS)) {
    const absolute = path.join(checkout.root, doc);
    sections.set(name, existsSync(absolute) ? sectionsOf(readFileSync(absolute, 'utf8')) : new Set());
  }
  for (const file of [...checkout.files].sort()) {
    if (!CITING_FILE.test(file) || file.includes('node_modules/') || SELF.has(file) || file.startsWith('scripts/docs/')) continue;
    const text = readFileSync(path.join(checkout.root, file), 'utf8');
    if (file.endsWith('.md')) checkMarkdownLinks(checkout, file, text, problems);
    checkCitations(file, text, sections, problems);
  }
  return problems;
}
