/** The site's own accessibility report page, below each language's prefix (issue 29). Alone here: the footer's bundle imports it. */
export const A11Y_REPORT_PATH = '/accessibility-report/';

/** The longest description a report may carry (checked by the schema, shown by the page's field). */
export const A11Y_DESCRIPTION_MAX = 2000;
