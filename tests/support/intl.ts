/**
 * Counts `new Intl.DateTimeFormat(…)` or `new Intl.NumberFormat(…)` until `restore` (for the tests that check a
 * module makes its formatters on first use, not when a page loads it: decision 115).
 */
export function countConstructions(name: "DateTimeFormat" | "NumberFormat") {
  const original = Intl[name];
  const counter = { count: 0, restore: () => void (Intl[name] = original as never) };
  Intl[name] = new Proxy(original, {
    construct(target, args) {
      counter.count++;
      return Reflect.construct(target, args) as object;
    },
  }) as never;
  return counter;
}
