/**
 * `compute(key)` once per key object, remembered while the object lives. Only for objects that
 * are shared between uses and never changed (memoised rows, catalogs): a changed object would
 * keep its old result.
 */
export function oncePerObject<K extends object, V>(compute: (key: K) => V): (key: K) => V {
  const results = new WeakMap<K, V>();
  return (key) => {
    if (results.has(key)) return results.get(key) as V;
    const value = compute(key);
    results.set(key, value);
    return value;
  };
}
