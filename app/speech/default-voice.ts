/**
 * The voice read-aloud uses until a visitor picks another. Its own module, apart from the catalogue in voices.ts,
 * so the read-aloud link every page carries does not bring the whole catalogue to the browser (decision 108).
 */
export const DEFAULT_VOICE_ID = "en-US-natalie";
