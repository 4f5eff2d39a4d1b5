import type { DemoPage } from '../demo-pages';
import { demoVideo } from '../../../views/blocks/demo-images';
import { block, image, link, richText, tx, type PageLocale } from './common';

/**
 * Our Story at /about/. Its first two blocks are the page's original text (tests and editors
 * know them); the timeline, promise and photograph follow.
 */
export function aboutPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'ExamplePage',
    title: t('Our Story', 'Notre histoire'),
    slug: 'about',
    search_description: t(
      'How a dockside fish shack became a chain of seafood restaurants.',
      'Comment une cabane à poisson sur le quai est devenue une chaîne de restaurants de fruits de mer.',
    ),
    content: {
      body: [
        block('heading', { text: t('Our Story', 'Notre histoire'), level: 'h2', rope: false, alignment: 'left' }),
        richText(
          t(
            '<p>Harborline began in 1974 as a twelve-seat fish shack on the harbour wall. Today our restaurants still buy from the same families of fishermen.</p>',
            '<p>Harborline a commencé en 1974 avec une cabane à poisson de douze places sur le mur du port. Aujourd’hui, nos restaurants achètent toujours aux mêmes familles de pêcheurs.</p>',
          ),
          'full',
        ),
        block('timeline', {
          header: t('<h2>Fifty Years on the Water</h2>', '<h2>Cinquante ans sur l’eau</h2>'),
          footer: t('<p>And we are just getting started.</p>', '<p>Et ce n’est qu’un début.</p>'),
          layout: 'alternating',
          events: [
            {
              year: '1974',
              content: {
                kind: 'copy',
                html: t(
                  '<p>Ruth and Sam Calloway open a fish shack on the Portland harbour wall.</p>',
                  '<p>Ruth et Sam Calloway ouvrent une cabane à poisson sur le mur du port de Portland.</p>',
                ),
              },
            },
            {
              year: '1980s',
              content: {
                kind: 'image',
                image: image(
                  'rolls',
                  t(
                    'The original sea-salt roll recipe, baked on a sheet tray',
                    'La recette originale des petits pains au sel de mer, cuits sur une plaque',
                  ),
                ),
              },
            },
            {
              year: '1998',
              content: {
                kind: 'copy',
                html: t(
                  '<p>The hundredth Harborline opens, with the same oak-fired grill.</p>',
                  '<p>Le centième Harborline ouvre ses portes, avec le même gril au chêne.</p>',
                ),
              },
            },
            {
              year: '2015',
              content: {
                kind: 'copy',
                html: t(
                  '<p>We cross the border: our first Canadian restaurant opens in Halifax.</p>',
                  '<p>Nous traversons la frontière : notre premier restaurant canadien ouvre à Halifax.</p>',
                ),
              },
            },
            {
              year: '2024',
              content: {
                kind: 'image',
                image: image(
                  'dining-room',
                  t(
                    'A Harborline dining room with booths and pendant lights',
                    'Une salle à manger Harborline avec des banquettes et des luminaires suspendus',
                  ),
                ),
              },
            },
          ],
        }),
        block('accordion_feature', {
          heading: t('Our Seafood Promise', 'Notre promesse'),
          default_content: t(
            '<p>Every fillet we serve is traceable to the boat that caught it.</p>',
            '<p>Chaque filet que nous servons peut être retracé jusqu’au bateau qui l’a pêché.</p>',
          ),
          hidden_content: t(
            '<p>We buy from fisheries that follow science-based quotas, and we publish our sourcing standards every year.</p>',
            '<p>Nous achetons auprès de pêcheries qui respectent des quotas fondés sur la science, et nous publions nos normes d’approvisionnement chaque année.</p>',
          ),
          image: image('salmon', t('A wood-grilled salmon fillet', 'Un filet de saumon grillé au bois')),
        }),
        block('feature_image', {
          image: image(
            'coast',
            t(
              'Fishing boats heading out along a rocky coast at dawn',
              'Des bateaux de pêche longeant une côte rocheuse à l’aube',
            ),
          ),
          caption: t('Our boats come in before dawn.', 'Nos bateaux rentrent avant l’aube.'),
        }),
        // The library's demo video with its captions (the French page shows French captions first).
        block('video_feature', {
          heading: t('A Morning on the Dock', 'Un matin sur le quai'),
          description: t('Ride along as the day’s catch heads out.', 'Embarquez avec nous pour la pêche du jour.'),
          image: image(
            'dock-hero',
            t(
              'Fishing boats heading out past a lighthouse at dawn',
              'Des bateaux de pêche passent devant un phare à l’aube',
            ),
          ),
          video: demoVideo('dock-morning'),
        }),
      ],
      confirmation_content: [],
    },
  };
}

/** Careers: why join, the roles, and answers. Applications are made at a restaurant. */
export function careersPage(locale: PageLocale): DemoPage {
  const t = (en: string, fr: string) => tx(locale, en, fr);
  return {
    pageType: 'ExamplePage',
    title: t('Careers', 'Carrières'),
    slug: 'careers',
    search_description: t(
      'Servers, cooks and managers: join a Harborline crew near you.',
      'Serveurs, cuisiniers et gestionnaires : joignez-vous à une équipe Harborline près de chez vous.',
    ),
    content: {
      body: [
        block('two_column_feature', {
          heading: t('Join the Crew', 'Joignez-vous à l’équipe'),
          copy: t(
            '<p>Flexible shifts, a free meal every shift, and a path from the dish pit to running your own restaurant. Most of our general managers started as servers or cooks.</p>',
            '<p>Des horaires flexibles, un repas gratuit à chaque quart de travail, et un parcours de la plonge jusqu’à la direction de votre propre restaurant. La plupart de nos directeurs ont commencé comme serveurs ou cuisiniers.</p>',
          ),
          image: image(
            'crew',
            t(
              'Three cooks in aprons laughing in a restaurant kitchen',
              'Trois cuisiniers en tablier qui rient dans une cuisine de restaurant',
            ),
          ),
          image_position: 'left',
          links: [
            link(
              `${locale.prefix}/locations/`,
              t('Find a Restaurant Near You', 'Trouver un restaurant près de chez vous'),
            ),
          ],
        }),
        block('content_grid', {
          heading: t('Roles We Hire For', 'Les postes offerts'),
          items: [
            {
              image: image(
                'dining-room',
                t(
                  'A server carrying plates through the dining room',
                  'Un serveur qui traverse la salle avec des assiettes',
                ),
              ),
              content: t(
                '<h3>Servers and Hosts</h3><p>Welcome guests, run the wait list and know the menu by heart.</p>',
                '<h3>Serveurs et hôtes</h3><p>Accueillez les clients, gérez la liste d’attente et connaissez le menu par cœur.</p>',
              ),
            },
            {
              image: image(
                'fish-tacos',
                t('A line cook plating fish tacos', 'Un cuisinier qui dresse des tacos au poisson'),
              ),
              content: t(
                '<h3>Line Cooks</h3><p>Learn the oak-fired grill, fish butchery and our sea-salt roll recipe.</p>',
                '<h3>Cuisiniers</h3><p>Apprenez le gril au chêne, la découpe du poisson et notre recette de petits pains.</p>',
              ),
            },
            {
              image: image(
                'crew',
                t(
                  'A restaurant manager talking with the kitchen crew',
                  'Une directrice de restaurant qui parle avec l’équipe de cuisine',
                ),
              ),
              content: t(
                '<h3>Managers</h3><p>Lead a crew of forty and run a restaurant like your own.</p>',
                '<h3>Gestionnaires</h3><p>Dirigez une équipe de quarante personnes et gérez un restaurant comme le vôtre.</p>',
              ),
            },
          ],
        }),
        block('faqs', {
          heading: t('Applying', 'Postuler'),
          layout: 'two_columns',
          faqs: [
            {
              question: t('How do I apply?', 'Comment postuler?'),
              answer: t(
                '<p>Visit any restaurant and ask for the manager on duty; interviews often happen the same day.</p>',
                '<p>Présentez-vous à n’importe quel restaurant et demandez le gestionnaire en service; les entrevues ont souvent lieu le jour même.</p>',
              ),
            },
            {
              question: t('Do I need experience?', 'Faut-il de l’expérience?'),
              answer: t(
                '<p>No. We train every new crew member for two weeks.</p>',
                '<p>Non. Nous formons chaque nouvel employé pendant deux semaines.</p>',
              ),
            },
            {
              question: t('What are the benefits?', 'Quels sont les avantages?'),
              answer: t(
                '<p>Shift meals, dining discounts, tuition help and health benefits from 25 hours a week.</p>',
                '<p>Repas pendant les quarts, rabais au restaurant, aide aux études et assurance santé dès 25 heures par semaine.</p>',
              ),
            },
            {
              question: t('How old must I be?', 'Quel âge faut-il avoir?'),
              answer: t(
                '<p>16 for hosts and dish crew, 18 for servers who serve alcohol.</p>',
                '<p>16 ans pour l’accueil et la plonge, 18 ans pour servir de l’alcool.</p>',
              ),
            },
          ],
        }),
      ],
      confirmation_content: [],
    },
  };
}
