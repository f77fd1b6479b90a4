import { describe, expect, it } from '@jest/globals';
import { likePreselection, whereToSql } from './search-sql';
import { parseXml } from './xml/parse';
import { elements } from './xml/element';

const where = (inner: string) => elements(parseXml(`<d:where xmlns:d="DAV:">${inner}</d:where>`))[0] as ReturnType<typeof elements>[number];
const like = (prop: string, pattern: string): string => `<d:like><d:prop><d:${prop}/></d:prop><d:literal>${pattern}</d:literal></d:like>`;

describe('the name index preselecting d:like on d:displayname', () => {
  it('asks the trigram index for the longest literal run, folded', () => {
    expect(likePreselection('%Rés%umé Final%')).toEqual({ kind: 'name', folded: 'ume final' });
    expect(likePreselection('%a\\%bc%')).toEqual({ kind: 'name', folded: 'a%bc' });
  });

  it('asks the prefix index for a short leading run, and nothing for a short inner one', () => {
    expect(likePreselection('Ab%')).toEqual({ kind: 'name', folded: 'ab' });
    expect(likePreselection('%ab%')).toBeUndefined();
    expect(likePreselection('%')).toBeUndefined();
  });

  it('is a preselection (the exact test runs after it), and only for the display name', () => {
    expect(whereToSql(where(like('displayname', '%budget%')))).toEqual({ condition: { kind: 'name', folded: 'budget' }, exact: false });
    expect(whereToSql(where(like('getcontenttype', 'image/%')))).toEqual({ condition: { kind: 'all' }, exact: false });
    expect(whereToSql(where(`<d:and>${like('displayname', '%plan%')}<d:is-collection/></d:and>`))).toEqual({
      condition: { kind: 'and', operands: [{ kind: 'name', folded: 'plan' }, { kind: 'type', type: 'folder' }] },
      exact: false,
    });
  });
});
