import type { Catalog } from '../translator';

const e = (key: string, value: string) => ({ context: '', key, value });

/** French (Canada) for the accessibility report page (issue 29). */
export const frCAA11yReport: Catalog = [
  e('Report a website accessibility issue', "Signaler un problème d'accessibilité du site"),
  e(
    'Tell us what made this site hard to use: what you were trying to do, what happened, and any assistive technology you use.',
    "Dites-nous ce qui a rendu ce site difficile à utiliser : ce que vous vouliez faire, ce qui s'est passé et les technologies d'assistance que vous utilisez.",
  ),
  e('Describe the problem', 'Décrivez le problème'),
  e(
    'E-mail address (optional, if you would like an answer)',
    'Adresse courriel (facultative, si vous souhaitez une réponse)',
  ),
  e('Page address', 'Adresse de la page'),
  e('Screen width', "Largeur de l'écran"),
  e('Screen height', "Hauteur de l'écran"),
  e('Send the report', 'Envoyer le signalement'),
  e('Thank you for your report', 'Merci de votre signalement'),
  e('We will look into the problem you described.', 'Nous examinerons le problème que vous avez décrit.'),
  e(
    'Enter the address of a page of this site (starting with http:// or https://).',
    "Saisissez l'adresse d'une page de ce site (commençant par http:// ou https://).",
  ),
  e('Enter a whole number.', 'Saisissez un nombre entier.'),
];
