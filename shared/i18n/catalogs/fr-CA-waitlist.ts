import type { Catalog } from '../translator';

const e = (key: string, value: string) => ({ context: '', key, value });

/**
 * French (Canada) for the wait-list and reservation guest pages beyond their labels (in fr-CA.ts):
 * page titles and every message the server can send back to them (views/components/waitlist/messages.ts
 * turns the ones that carry a number or a date into these keys).
 */
export const frCAWaitlist: Catalog = [
  // Messages to the guest (e-mail and text), sent later by jobs in the language they used
  e('Hello {name},', 'Bonjour {name},'),
  e('Your table is ready at Harborline Seafood {place}', 'Votre table est prête chez Harborline Seafood {place}'),
  e(
    'Your table for {count} is ready. Please come to the host stand.',
    'Votre table pour {count} est prête. Veuillez vous présenter à l’accueil.',
  ),
  e(
    'You are on the wait list at Harborline Seafood {place}',
    'Vous êtes sur la liste d’attente chez Harborline Seafood {place}',
  ),
  e('You are number {position} in line for {count}.', 'Vous êtes numéro {position} dans la file pour {count}.'),
  e('The quoted wait is about {minutes} minutes.', 'L’attente prévue est d’environ {minutes} minutes.'),
  e('Follow your place or cancel: {link}', 'Suivez votre place ou annulez : {link}'),
  e(
    'Your table at Harborline Seafood {place} is confirmed',
    'Votre table chez Harborline Seafood {place} est confirmée',
  ),
  e(
    'Your table at Harborline Seafood {place} has been changed',
    'Votre table chez Harborline Seafood {place} a été modifiée',
  ),
  e(
    'Your table at Harborline Seafood {place} has been cancelled',
    'Votre table chez Harborline Seafood {place} a été annulée',
  ),
  e(
    'Your table for {count} on {date} at {time} is confirmed.',
    'Votre table pour {count} le {date} à {time} est confirmée.',
  ),
  e(
    'Your table for {count} on {date} at {time} has been changed.',
    'Votre table pour {count} le {date} à {time} a été modifiée.',
  ),
  e(
    'Your table for {count} on {date} at {time} has been cancelled.',
    'Votre table pour {count} le {date} à {time} a été annulée.',
  ),
  e('View, change or cancel: {link}', 'Consulter, modifier ou annuler : {link}'),
  // Page titles
  e('Join the wait list: {name}', 'Liste d’attente : {name}'),
  e('Your place in line: {name}', 'Votre place dans la file : {name}'),
  e('Reserve a table: {name}', 'Réserver une table : {name}'),
  e('Your reservation: {name}', 'Votre réservation : {name}'),
  // Field errors
  e('Please enter a name', 'Veuillez entrer un nom'),
  e('name must be text', 'Veuillez entrer un nom'),
  e(
    'Please give a mobile phone number or an e-mail address',
    'Veuillez indiquer un numéro de téléphone mobile ou une adresse courriel',
  ),
  e('Please enter a valid e-mail address', 'Veuillez entrer une adresse courriel valide'),
  e('email is too long', 'L’adresse courriel est trop longue'),
  e(
    'Please enter a valid mobile phone number, e.g. (407) 555-0123',
    'Veuillez entrer un numéro de téléphone mobile valide, p. ex. (514) 555-0123',
  ),
  e(
    'Please enter a mobile phone number that can receive text messages',
    'Veuillez entrer un numéro de téléphone mobile qui peut recevoir des messages texte',
  ),
  e('This phone number is already in line here', 'Ce numéro de téléphone est déjà dans la file ici'),
  e('The largest party is {max}', 'Le groupe le plus nombreux accepté en ligne est de {max} personnes'),
  e('Please choose a party size from the list', 'Veuillez choisir un nombre de personnes dans la liste'),
  e('This field must be at most {max} characters', 'Ce champ doit comporter au plus {max} caractères'),
  e('Please choose today or a later date', 'Veuillez choisir aujourd’hui ou une date ultérieure'),
  e('Please choose a date up to {date}', 'Veuillez choisir une date jusqu’au {date}'),
  e('Please choose a date and a party size', 'Veuillez choisir une date et un nombre de personnes'),
  e('Please choose one of the available times', 'Veuillez choisir l’une des heures disponibles'),
  e('This time is no longer available', 'Cette heure n’est plus disponible'),
  e('date must be a date as YYYY-MM-DD', 'Veuillez entrer une date au format AAAA-MM-JJ'),
  e('date must be a single date', 'Veuillez entrer une seule date'),
  e('time must be a time as HH:MM', 'Veuillez choisir une heure'),
  e('time must be a single time', 'Veuillez choisir une seule heure'),
  // Refusals
  e('The phone number is not valid.', 'Le numéro de téléphone n’est pas valide.'),
  e(
    'This phone number is already in line at this restaurant.',
    'Ce numéro de téléphone est déjà dans la file de ce restaurant.',
  ),
  e(
    'Parties of more than {max} cannot do this online; please call the restaurant.',
    'Les groupes de plus de {max} personnes ne peuvent pas le faire en ligne; veuillez appeler le restaurant.',
  ),
  e('The date is in the past.', 'La date est passée.'),
  e('Tables can be booked up to 30 days ahead.', 'Les tables peuvent être réservées jusqu’à 30 jours à l’avance.'),
  e('This time cannot be booked.', 'Cette heure ne peut pas être réservée.'),
  e(
    'This time has just been taken. Please choose another.',
    'Cette heure vient d’être prise. Veuillez en choisir une autre.',
  ),
  e('This restaurant does not take reservations.', 'Ce restaurant ne prend pas de réservations.'),
  e('This restaurant is temporarily closed.', 'Ce restaurant est temporairement fermé.'),
  e('This reservation is cancelled.', 'Cette réservation est annulée.'),
  e('This reservation is already cancelled.', 'Cette réservation est déjà annulée.'),
  e(
    'Too many attempts. Please try again in {seconds} seconds.',
    'Trop de tentatives. Veuillez réessayer dans {seconds} secondes.',
  ),
  // Limits per contact and day, and a form sent twice with other details (server/modules/waitlist/guest-checks.ts)
  e(
    'This phone number or e-mail address has already joined this restaurant’s wait list {count} times today. Please call the restaurant.',
    'Ce numéro de téléphone ou cette adresse courriel s’est déjà inscrit {count} fois aujourd’hui sur la liste d’attente de ce restaurant. Veuillez appeler le restaurant.',
  ),
  e(
    'This phone number or e-mail address already has {count} bookings at this restaurant on this day. Please call the restaurant.',
    'Ce numéro de téléphone ou cette adresse courriel a déjà {count} réservations à ce restaurant ce jour-là. Veuillez appeler le restaurant.',
  ),
  e(
    'This form was already sent. Please check the details and send it again.',
    'Ce formulaire a déjà été envoyé. Veuillez vérifier les renseignements et l’envoyer de nouveau.',
  ),
  e(
    'A request with this Idempotency-Key is still being processed. Retry it in a moment.',
    'Votre demande précédente est encore en traitement. Veuillez réessayer dans un instant.',
  ),
];
