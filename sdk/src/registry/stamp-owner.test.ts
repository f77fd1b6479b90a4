import { describe, expect, it } from '@jest/globals';
import { stampOwner } from './stamp-owner';

describe('stampOwner', () => {
  it('reads through to the entry and adds pluginId', () => {
    const stamped = stampOwner({ id: 'a', name: 'A' }, 'sharing');
    expect(stamped.id).toBe('a');
    expect(stamped.name).toBe('A');
    expect(stamped.pluginId).toBe('sharing');
    expect('pluginId' in stamped).toBe(true);
    expect(Object.keys(stamped)).toEqual(['id', 'name', 'pluginId']);
    expect({ ...stamped }).toEqual({ id: 'a', name: 'A', pluginId: 'sharing' });
  });

  it("shadows a pluginId the entry sets itself: the host's stamp wins", () => {
    const stamped = stampOwner({ id: 'a', pluginId: 'forged' }, 'trash');
    expect(stamped.pluginId).toBe('trash');
    expect(Object.keys(stamped)).toEqual(['id', 'pluginId']);
  });

  it('refuses writes, additions and deletions', () => {
    const stamped = stampOwner({ id: 'a', name: 'A' }, 'core') as unknown as Record<string, unknown>;
    expect(() => {
      stamped['name'] = 'B';
    }).toThrow(TypeError);
    expect(() => {
      stamped['extra'] = 1;
    }).toThrow(TypeError);
    expect(() => {
      delete stamped['name'];
    }).toThrow(TypeError);
    expect(stamped['name']).toBe('A');
  });

  it('keeps getters live and runs methods on the entry itself (class instances with private fields work)', () => {
    class Counter {
      readonly id = 'counter';
      #count = 0;
      get count(): number {
        return this.#count;
      }
      increment(): number {
        this.#count += 1;
        return this.#count;
      }
    }
    const counter = new Counter();
    const stamped = stampOwner(counter, 'core');
    expect(stamped.increment()).toBe(1);
    const { increment } = stamped;
    expect(increment()).toBe(2);
    expect(stamped.count).toBe(2);
    expect(counter.count).toBe(2);
    expect(stamped.increment).toBe(stamped.increment);
    expect(Object.getPrototypeOf(stamped)).toBe(Counter.prototype);
  });

  it('works for a frozen entry', () => {
    const stamped = stampOwner(Object.freeze({ id: 'a' }), 'core');
    expect(stamped.pluginId).toBe('core');
    expect(Object.keys(stamped)).toEqual(['id', 'pluginId']);
  });
});
