/**
 * The second factor's facts the pages share with the browser (decision 210); the rest is in two-factor.server.ts.
 */
/** The second step of a sign-in with a second factor. */
export const SECOND_STEP_PATH = "/auth/two-factor";
/** The staff's page for their second factor (linked from the profile). */
export const TWO_FACTOR_SETTINGS_PATH = "/user-profile/two-factor";
/** How many recovery codes a set-up or a renewal gives. */
export const RECOVERY_CODE_COUNT = 10;
