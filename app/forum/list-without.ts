/** The forum address the visitor is on (its search), without a dialog (`?new=`, `?dialog=`). */
export function forumQueryWithout(search: URLSearchParams, ...names: string[]) {
  const next = new URLSearchParams(search);
  for (const name of names) next.delete(name);
  next.delete("index"); // present after a form posted to the index route without JavaScript
  const query = next.toString();
  return { query, href: query ? `/forum?${query}` : "/forum" };
}
