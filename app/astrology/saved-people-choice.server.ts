import { redirect } from "@remix-run/node";
import { parseId } from "~/utils/ids";
import { personFields } from "./saved-people-view.server";
import { getPerson } from "./saved-people.server";

/**
 * The compatibility form's "choose someone you keep" (`a_person`, `b_person`): the address that holds that person's
 * birth instead (the choice itself is dropped, so the result's address is as bookmarkable as a typed one), or null
 * when no person was chosen. A signed-out visitor is sent to sign in; a person not on the member's list is a 404.
 */
export async function chosenPeopleAddress(url: URL, userId: number | null): Promise<string | null> {
  const ids = (["a", "b"] as const)
    .map((side) => ({ side, raw: url.searchParams.get(`${side}_person`) }))
    .filter((c) => c.raw !== null);
  if (ids.length === 0) return null;
  const params = new URLSearchParams(url.searchParams);
  for (const { side } of ids) params.delete(`${side}_person`);
  const chosen = ids.filter((c) => c.raw !== "");
  if (chosen.length && userId === null) {
    throw redirect(`/auth?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`);
  }
  for (const { side, raw } of chosen) {
    const personId = parseId(raw);
    const person = personId === null ? null : await getPerson({ userId: userId!, personId });
    if (!person) throw new Response("That person is not on your list.", { status: 404 });
    for (const [key, value] of Object.entries(personFields(side, person))) params.set(key, value);
  }
  return `${url.pathname}?${params.toString()}`;
}
