import type { Registered } from './types';

/**
 * Returns a read-only view of `entry` that also answers `pluginId` with
 * `owner` (the host stamps the owner; a `pluginId` the entry carries itself
 * is shadowed).
 *
 * Why a proxy rather than a copy: entries can be live objects. A file-list
 * filter's `chips` is a getter that changes over time, and plugin authors may
 * write entries as classes with private fields. A copy would freeze a getter's
 * value and lose prototype methods; a prototype-chained wrapper would call
 * methods with the wrong `this`. The proxy reads through to the entry itself
 * and binds methods to it, so the entry behaves exactly as its author wrote
 * it, while writes through the registered view are refused.
 */
export function stampOwner<T extends object>(entry: T, owner: string): Registered<T> {
  const bound = new Map<PropertyKey, { original: unknown; bound: unknown }>();
  const readThrough = (key: PropertyKey): unknown => {
    if (key === 'pluginId') return owner;
    const value: unknown = Reflect.get(entry, key, entry);
    if (typeof value !== 'function') return value;
    const cached = bound.get(key);
    if (cached && cached.original === value) return cached.bound;
    const fn = (value as (...args: unknown[]) => unknown).bind(entry);
    bound.set(key, { original: value, bound: fn });
    return fn;
  };
  // The target is an empty extensible object so the proxy may report the
  // extra `pluginId` key whatever the entry is (even a frozen one).
  const target: object = {};
  const handler: ProxyHandler<object> = {
    get: (_target, key) => readThrough(key),
    has: (_target, key) => key === 'pluginId' || Reflect.has(entry, key),
    ownKeys: () => {
      const keys = Reflect.ownKeys(entry).filter((key) => key !== 'pluginId');
      return [...keys, 'pluginId'];
    },
    getOwnPropertyDescriptor: (_target, key) => {
      if (key === 'pluginId') return { value: owner, writable: false, enumerable: true, configurable: true };
      const own = Reflect.getOwnPropertyDescriptor(entry, key);
      if (!own) return undefined;
      // Reported as configurable: the proxy target does not hold the key, and
      // the Proxy invariants forbid reporting a missing key as non-configurable.
      return { value: readThrough(key), writable: false, enumerable: own.enumerable ?? false, configurable: true };
    },
    getPrototypeOf: () => Reflect.getPrototypeOf(entry),
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
    setPrototypeOf: () => false,
  };
  return new Proxy(target, handler) as Registered<T>;
}
