/** The account login link of spec section 2, in the page's language ('' or e.g. '/fr'). */
export const loginUrl = (localePrefix: string) => `${localePrefix}/account/login?returnUrl=${localePrefix}/`;
