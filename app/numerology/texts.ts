/** The spec's messages for the home generator, word for word (spec part 1, "Generation"). */
export const GENERATION_TEXTS = {
  successTitle: "Content Generated",
  successMessage: "Your personalized numerology insights are ready!",
  failedTitle: "Generation Failed",
  connectionLostTitle: "Connection Lost",
  failedMessage: "We're having trouble accessing the cosmic wisdom. Please try again.",
  preferencesSaveFailed: "Failed to update preferences",
  preferencesFetchFailed: "Failed to fetch preferences",
  imageUnavailable: "Visual essence unavailable",
} as const;
