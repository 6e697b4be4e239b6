import type { BodyName } from "./zodiac-names";

/**
 * What each body stands for, in a sentence (the planet card, the offline composer): apart from the bodies' other
 * facts (`./zodiac-bodies`), since the planet links' tooltips need those and not these (decision 116).
 */
const DESCRIPTIONS: Record<BodyName, string> = {
  Sun: "The Sun is the conscious centre of the chart: the will to be, the light by which a life recognises itself.",
  Moon: "The Moon reflects feeling and memory: the tides of mood, the need to be held, the rhythm of the inner life.",
  Mercury: "Mercury carries thought and speech: how we name, sort, learn and pass messages between worlds.",
  Venus: "Venus draws things together: attraction, taste, the harmony we make with others and with what we value.",
  Mars: "Mars is the force that moves toward what it wants: desire made into action, courage, heat and edge.",
  Jupiter: "Jupiter widens the horizon: growth, generosity, faith and the teachings that make a life larger.",
  Saturn: "Saturn is the keeper of time and form: limits, commitments and the slow refinement that makes things last.",
  Uranus: "Uranus breaks patterns open: sudden insight, invention, the lightning that shows the whole at once.",
  Neptune: "Neptune dissolves boundaries: imagination, devotion, compassion and the felt sense that all is one.",
  Pluto:
    "Pluto works underground: endings and rebirths, hidden power, and the deep memory that transformation unearths.",
};

export function bodyDescription(name: BodyName): string {
  return DESCRIPTIONS[name];
}
