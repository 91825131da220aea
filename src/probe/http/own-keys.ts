/**
 * Objects the HTTP client builds key by key (records, header maps, transfer requests): assignment
 * instead of a spread keeps one hidden class per shape (docs/performance.md, fifth pass), and a
 * server-named key is always an own property.
 */

/** `T` with its fields assignable, for an object built one field at a time. */
export type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/**
 * `name: value` as an own enumerable property of `out`. A plain assignment would set the prototype
 * of `out` for a key named `__proto__` (a hostile server may send such a header).
 */
export function setOwn<V>(out: Record<string, V>, name: string, value: V): void {
  if (name === '__proto__')
    Object.defineProperty(out, name, { value, enumerable: true, writable: true, configurable: true });
  else out[name] = value;
}
