/**
 * The docs stand on their own (scripts/docs/links.ts): no Markdown link leaves
 * the checkout or points at nothing, and every "§" citation in code and docs
 * names a section of docs/product.md or docs/protocol.md. Each rule is shown to
 * fail on a scratch checkout that breaks it.
 */
import { afterEach, describe, expect, it } from '@jest/globals';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { anchorsOf, checkLinks, gitCheckout, headingAnchor, sectionsOf } from '../../scripts/docs/links';
import type { Checkout } from '../../scripts/docs/links';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const PRODUCT = '# Product\n\n## 1. What it does\n\n## 4. States and transitions\n\n### Rows\n';
const PROTOCOL = '# Protocol\n\n## 2. Share API\n\n### 2.2 Create — `POST /shares`\n\n## 5. Public links\n\n### 5.2 Public WebDAV\n';

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

/** A checkout of the two cited docs plus `files`. */
function checkoutWith(files: Record<string, string>): Checkout {
  scratch = mkdtempSync(path.join(tmpdir(), 'cumulus-doc-links-'));
  const all: Record<string, string> = { 'docs/product.md': PRODUCT, 'docs/protocol.md': PROTOCOL, ...files };
  for (const [file, text] of Object.entries(all)) {
    mkdirSync(path.dirname(path.join(scratch, file)), { recursive: true });
    writeFileSync(path.join(scratch, file), text);
  }
  return { root: scratch, files: Object.keys(all) };
}

describe('the repository itself', () => {
  it('has no link that leaves it or points at nothing, and every citation resolves', () => {
    const problems = checkLinks(gitCheckout(ROOT)).map((problem) => `${problem.file}:${problem.line}: ${problem.message}`);
    expect(problems).toEqual([]);
  });
});

describe('the rules, each failing when broken', () => {
  it('passes a clean checkout', () => {
    const checkout = checkoutWith({
      'README.md': 'See [the product](docs/product.md#4-states-and-transitions) and [a site](https://example.org).\n',
      'shell/a.ts': '// Rows follow product §4 and protocol §5.2; RFC 4918 §9.1 is not ours.\n',
    });
    expect(checkLinks(checkout)).toEqual([]);
  });

  it('refuses a link out of the checkout', () => {
    const checkout = checkoutWith({ 'plugins/x/README.md': 'See [spec](../../../shared/spec/x.md).\n' });
    expect(checkLinks(checkout).map((problem) => problem.message)).toEqual(expect.arrayContaining([expect.stringContaining('leaves the checkout')]));
  });

  it('refuses a link to a missing file and to a missing heading', () => {
    const checkout = checkoutWith({ 'README.md': '[a](docs/nothing.md) and [b](docs/product.md#9-limits)\n' });
    const messages = checkLinks(checkout).map((problem) => problem.message);
    expect(messages).toEqual([expect.stringContaining('points at nothing'), expect.stringContaining('has no heading #9-limits')]);
  });

  it('refuses a citation of a section that does not exist', () => {
    const checkout = checkoutWith({ 'sdk/a.ts': '/** Limits of product §9. */\n' });
    expect(checkLinks(checkout)).toEqual([{ file: 'sdk/a.ts', line: 1, message: '"product §9": docs/product.md has no section 9' }]);
  });

  it('refuses a "§" that names no document, and names from outside the checkout', () => {
    const checkout = checkoutWith({ 'sdk/a.ts': '// as §4 says\n// see ARCHITECTURE.md\n' });
    const messages = checkLinks(checkout).map((problem) => problem.message);
    expect(messages).toEqual([expect.stringContaining('names no document'), expect.stringContaining('ARCHITECTURE.md, which is outside')]);
  });

  it('refuses an issue number standing in for a reason', () => {
    const checkout = checkoutWith({ 'shell/a.ts': '// Kept for now (issue 24, item 3).\n' });
    expect(checkLinks(checkout).map((problem) => problem.message)).toEqual([expect.stringContaining('names an issue by its number')]);
  });

  it('reads a document named a few lines above a list of sections', () => {
    const checkout = checkoutWith({ 'sdk/a.ts': '/**\n * Follows protocol\n * §2.2 and §5.2.\n */\n' });
    expect(checkLinks(checkout)).toEqual([]);
  });

  it('takes a bare "§" inside a cited document as its own section', () => {
    const checkout = checkoutWith({ 'docs/protocol.md': `${PROTOCOL}\nAs §2.2 says; but §7 is missing.\n` });
    expect(checkLinks(checkout).map((problem) => problem.message)).toEqual(['"protocol §7": docs/protocol.md has no section 7']);
  });
});

describe('headings', () => {
  it('makes anchors as GitHub does', () => {
    expect(headingAnchor('2.2 Create — `POST /shares`')).toBe('22-create--post-shares');
    expect([...anchorsOf('# A\n## A\n```\n# not a heading\n```\n')]).toEqual(['a', 'a-1']);
  });

  it('reads section numbers with and without a trailing dot', () => {
    expect([...sectionsOf(PROTOCOL)]).toEqual(['2', '2.2', '5', '5.2']);
    expect([...sectionsOf(PRODUCT)]).toEqual(['1', '4']);
  });
});
