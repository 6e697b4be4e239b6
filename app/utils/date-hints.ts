/**
 * What a date or time field accepts, said beside it (tied with aria-describedby): a browser without a date picker
 * (lynx, w3m) shows a plain text box, and the fields of the birth-date page next to it ask for MM/DD/YYYY (issue 47).
 */
export const DATE_FORMAT_HINT = "Type the date as year-month-day, YYYY-MM-DD (for example 1990-03-15).";
export const TIME_FORMAT_HINT = "Type the time as HH:MM on the 24-hour clock (for example 14:30).";
