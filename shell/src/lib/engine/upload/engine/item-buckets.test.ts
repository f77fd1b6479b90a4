import { describe, expect, it } from '@jest/globals';
import { ItemBuckets } from './item-buckets';

describe('ItemBuckets', () => {
  it('a view keeps the values as they were while later writes change only the current ones', () => {
    const items = new ItemBuckets<number>();
    for (let n = 0; n < 1000; n++) items.set(`upload-${n}`, n);
    const first = items.view();
    items.set('upload-7', 70);
    items.set('upload-1000', 1000);
    const second = items.view();
    items.set('upload-7', 700);
    expect(first('upload-7')).toBe(7);
    expect(first('upload-1000')).toBeUndefined();
    expect(second('upload-7')).toBe(70);
    expect(second('upload-1000')).toBe(1000);
    expect(items.get('upload-7')).toBe(700);
    for (let n = 0; n < 1000; n++) if (n !== 7) expect([first(`upload-${n}`), second(`upload-${n}`), items.get(`upload-${n}`)]).toEqual([n, n, n]);
  });
});
