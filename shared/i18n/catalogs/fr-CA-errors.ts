import type { Catalog } from '../translator';

const e = (key: string, value: string) => ({ context: '', key, value });

/**
 * French (Canada) for the pages the server draws without a template: the plain error page
 * (400, 403, 409, 429, 500) and the 503 page, with the messages they can show.
 */
export const frCAErrors: Catalog = [
  e('Error {status}', 'Erreur {status}'),
  e('Something went wrong on our side.', 'Une erreur est survenue de notre côté.'),
  e('The request could not be processed.', 'La demande n’a pas pu être traitée.'),
  e(
    'What you sent is too large to save (the limit is 1 MB). Nothing was saved: go back to keep your changes, make the content smaller (for example remove pasted images or very long text) and try again.',
    'Ce que vous avez envoyé est trop volumineux (la limite est de 1 Mo). Rien n’a été enregistré : revenez en arrière pour garder vos modifications, réduisez le contenu (par exemple en retirant des images collées ou un texte très long) et réessayez.',
  ),
  e(
    'What you sent could not be read (it is not valid JSON or form data). Nothing was saved.',
    'Ce que vous avez envoyé n’a pas pu être lu (ce ne sont pas des données JSON ou de formulaire valides). Rien n’a été enregistré.',
  ),
  e(
    'The form has expired or was not sent from this site. Reload the page and try again.',
    'Le formulaire a expiré ou n’a pas été envoyé depuis ce site. Rechargez la page et réessayez.',
  ),
  e(
    'The address contains a character that is not allowed (a NUL byte or another control character).',
    'L’adresse contient un caractère non permis (un octet NUL ou un autre caractère de contrôle).',
  ),
  e('The address contains malformed percent-encoding.', 'L’adresse contient un encodage par pourcentage mal formé.'),
  e('We’ll be right back', 'Nous revenons tout de suite'),
  e(
    'Our website cannot reach its data for a moment. Nothing you did caused this.',
    'Notre site ne peut pas joindre ses données pour le moment. Vous n’y êtes pour rien.',
  ),
  e('Please try again in {seconds} seconds.', 'Veuillez réessayer dans {seconds} secondes.'),
  e('Try again', 'Réessayer'),
  e('Temporarily unavailable', 'Temporairement indisponible'),
  e('{siteName} home', 'Accueil {siteName}'),
];
