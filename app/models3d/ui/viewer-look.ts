/**
 * The viewer's look, in one place for the viewer and its tests (decision 141). A mid-tone background: light models
 * (white plaster, paper) and dark ones (black plastic, iron) both stand out from it, which neither the site's
 * lavender nor white nor black allows. Models that bring no material of their own get a light matte grey.
 */
export const VIEWER_BACKGROUND = "#6e7383";
export const VIEWER_DEFAULT_COLOUR = "#d9d6e4";
