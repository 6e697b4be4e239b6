/**
 * The static facts of the sky as the site teaches it: the ten bodies with their symbols and principles, and the
 * twelve tropical signs with their symbols, elements, modalities and keywords. Shared by server and browser.
 * Symbols carry U+FE0E so they render as text glyphs, not emoji. The names, the signs and the bodies are modules of
 * their own (`./zodiac-names`, `./zodiac-signs`, `./zodiac-bodies`, `./zodiac-body-descriptions`), all re-exported here for server code; browser
 * code imports from the one it needs, so each chunk of the astrology page carries only its facts (decision 116).
 */
export * from "./zodiac-bodies";
export * from "./zodiac-body-descriptions";
export * from "./zodiac-names";
export * from "./zodiac-signs";
