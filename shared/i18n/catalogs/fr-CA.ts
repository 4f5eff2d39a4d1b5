import type { Catalog } from '../translator';

/** French (Canada). Keys are the English source strings; en-US and en-CA need no catalog. */
export const frCA: Catalog = [
  { context: '', key: 'The page you are looking for does not exist, sorry.', value: "La page que vous cherchez n'existe pas, désolé." },
  { context: '', key: 'Return to Homepage', value: "Retour à l'accueil" },
  { context: '', key: 'Skip to main content', value: 'Passer au contenu principal' },
  { context: '', key: 'Home', value: 'Accueil' },
  { context: '', key: 'Log In', value: 'Connexion' },
  { context: '', key: 'Back to Top', value: 'Haut de page' },
  { context: '', key: 'Find A Location Near You', value: 'Trouver un restaurant près de chez vous' },
  { context: '', key: '{count} location', value: ['{count} restaurant', '{count} restaurants'] },
  { context: 'language switcher', key: 'English', value: 'English' },
  { context: 'language switcher', key: 'Français', value: 'Français' },
];
