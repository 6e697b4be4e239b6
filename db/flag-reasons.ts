/** Why a member flags a post or topic (decision 026); shared by the schema (db/schema.ts) and the forms. */
export const FLAG_REASONS = ["spam", "abuse", "off-topic", "other"] as const;
export type FlagReason = (typeof FLAG_REASONS)[number];
