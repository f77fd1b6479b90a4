import { describe, expect, it } from '@jest/globals';
import type { DavResponse } from '@cumulus/sdk';
import { CompactListingReader } from './compactListing';
import { HEAD_ROWS, headOf } from './listingCache';

const FOLDER = '/remote.php/dav/files/alice/Big/';
const PROPS = JSON.stringify({ props: ['{DAV:}getetag', '{DAV:}displayname'], total: 0 });

/** A compact listing's text: the property line, the folder's row, `children` rows, then whatever `tail` says. */
function listingText(children: number, tail: unknown[] = [{ done: true, count: children + 1 }]): string {
  const rows = Array.from({ length: children }, (_, i) => JSON.stringify([`file ${i}.txt`, `&quot;e${i}&quot;`, `file ${i}.txt`]));
  return [PROPS, JSON.stringify(['', '&quot;folder&quot;', 'Big']), ...rows, ...tail.map((line) => JSON.stringify(line))].join('\n') + '\n';
}

/** Every response of a compact text, read strictly (a cut-off or miscounted text throws). */
function responsesOf(text: string): DavResponse[] {
  const responses: DavResponse[] = [];
  const reader = new CompactListingReader(FOLDER, { onResponse: (response) => responses.push(response), onReset: () => (responses.length = 0) });
  reader.write(text);
  reader.end();
  return responses;
}

describe('headOf (the first rows of a big kept listing)', () => {
  it('is a complete listing of the folder and the first HEAD_ROWS children, as the whole text has them', () => {
    const whole = listingText(HEAD_ROWS + 50);
    const head = headOf(whole);
    expect(head).toBeDefined();
    const fromHead = responsesOf(head ?? '');
    expect(fromHead).toHaveLength(HEAD_ROWS + 1);
    expect(fromHead).toEqual(responsesOf(whole).slice(0, HEAD_ROWS + 1));
    expect(fromHead[0]?.props['getetag']).toBe('"folder"');
    expect(fromHead[HEAD_ROWS]?.href).toBe(`${FOLDER}file%20${HEAD_ROWS - 1}.txt`);
  });

  it('is none for a folder of HEAD_ROWS children or fewer: its whole copy is as small', () => {
    expect(headOf(listingText(HEAD_ROWS))).toBeUndefined();
    expect(headOf(listingText(3))).toBeUndefined();
    expect(headOf(listingText(HEAD_ROWS + 1))).toBeDefined();
  });

  it('is none when a reset line voids rows among the first ones', () => {
    const withReset = listingText(10, [{ reset: true, total: HEAD_ROWS + 10 }]) + listingText(HEAD_ROWS + 10).split('\n').slice(1).join('\n');
    expect(responsesOf(withReset)).toHaveLength(HEAD_ROWS + 11);
    expect(headOf(withReset)).toBeUndefined();
  });
});
