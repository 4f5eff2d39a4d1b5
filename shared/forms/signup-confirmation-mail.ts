/**
 * The signup's confirmation mail (double opt-in): only our words and our link, in the signup
 * page's language (the French is in the forms catalog). Nothing the form's sender typed goes in.
 */
export const CONFIRMATION_HOURS = 48;
export const CONFIRMATION_SUBJECT = 'Confirm your subscription to Fresh Catch News';
export const CONFIRMATION_TEXT =
  'Someone asked to receive Fresh Catch News, offers and news from Harborline Seafood, at this address.\n\nTo confirm, open this link within {hours} hours and press the button on the page:\n{link}\n\nIf you did not ask for this, ignore this message: nothing changes and you will not hear from us again.\n';
