import { describe, expect, it } from '@jest/globals';
import { readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import * as sdk from './index';

/**
 * The names `@cumulus/sdk` exports are the plugin contract: adding one is a promise to every
 * plugin, removing one breaks some. sdk/api/exports.txt is the reviewed list (one name a line,
 * sorted); this test fails when the package entry exports anything else, so a change of the
 * contract shows in the diff of that file and gets looked at.
 */
const LIST = fileURLToPath(new URL('../api/exports.txt', import.meta.url));
const INDEX = fileURLToPath(new URL('./index.ts', import.meta.url));
const TSCONFIG = fileURLToPath(new URL('../../tsconfig.base.json', import.meta.url));

/** Every name the index exports, values and types alike, as the compiler sees it. */
function compiledExports(): string[] {
  const config = ts.readConfigFile(TSCONFIG, (path) => ts.sys.readFile(path));
  if (config.error) throw new Error(ts.flattenDiagnosticMessageText(config.error.messageText, '\n'));
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, dirname(TSCONFIG));
  const program = ts.createProgram([INDEX], { ...options, noEmit: true });
  const source = program.getSourceFile(INDEX);
  if (!source) throw new Error(`${INDEX} is not in the program`);
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(source);
  if (!module) throw new Error(`${INDEX} is not a module`);
  return checker.getExportsOfModule(module).map((symbol) => symbol.getName()).sort();
}

function reviewedList(): string[] {
  return readFileSync(LIST, 'utf8').split('\n').filter((line) => line !== '');
}

describe('@cumulus/sdk export list', () => {
  it('sdk/api/exports.txt is sorted, one name a line, without repeats', () => {
    const list = reviewedList();
    expect(list).toEqual([...new Set(list)].sort());
  });

  it('the package entry exports exactly the reviewed names, types included', () => {
    const actual = compiledExports();
    const reviewed = reviewedList();
    const added = actual.filter((name) => !reviewed.includes(name));
    const removed = reviewed.filter((name) => !actual.includes(name));
    const problems = [
      ...(added.length > 0 ? [`exported but not in sdk/api/exports.txt: ${added.join(', ')}`] : []),
      ...(removed.length > 0 ? [`in sdk/api/exports.txt but no longer exported: ${removed.join(', ')}`] : []),
    ];
    if (problems.length > 0) {
      throw new Error(`The SDK's exports changed; update sdk/api/exports.txt after review.\n${problems.join('\n')}`);
    }
    // The run-time exports are the value half of the same list.
    const runtime = Object.keys(sdk).sort();
    expect(runtime.filter((name) => !actual.includes(name))).toEqual([]);
  }, 60_000);
});
