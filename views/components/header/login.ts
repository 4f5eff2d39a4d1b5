/** The account login link of spec section 2. */
export const LOGIN_URL = '/account/login?returnUrl=/';
