import { placeById, placeLabel } from "./places.server";
import type { SavedPerson } from "./saved-people.server";

/** A kept person as the people page and the compatibility form show them: name, birth in words, place label. */
export type PersonChoice = { id: number; name: string; summary: string };

export function personChoice(p: SavedPerson): PersonChoice {
  const place = placeById(p.placeId);
  const when = p.birthTime ? `${p.birthDate} at ${p.birthTime}` : `${p.birthDate}, time unknown`;
  return { id: p.id, name: p.name, summary: `born ${when} in ${place ? placeLabel(place) : "an unknown place"}` };
}

/** The compatibility page's fields for one side, filled from a kept person. */
export function personFields(side: "a" | "b", p: SavedPerson): Record<string, string> {
  const place = placeById(p.placeId);
  return {
    [`${side}_name`]: p.name,
    [`${side}_date`]: p.birthDate,
    [`${side}_time`]: p.birthTime ?? "",
    [`${side}_q`]: place?.name ?? "",
    [`${side}_place`]: String(p.placeId),
    [`${side}_fold`]: p.fold ?? "",
  };
}
