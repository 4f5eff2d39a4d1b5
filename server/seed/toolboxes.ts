import type { Db } from '../db';
import { initialiseToolbox } from '../modules/snippets/service';

/** The demo toolbox (id 1 on a fresh database: the Toolbox block's gallery demo includes it). */
export async function seedToolboxes(db: Db): Promise<void> {
  await initialiseToolbox(db, 'Fresh catch promise', [
    {
      type: 'heading',
      id: 'toolbox-promise-heading',
      value: { text: 'Our Fresh Catch Promise', level: 'h2', rope: false, alignment: 'centered' },
    },
    {
      type: 'rich_text',
      id: 'toolbox-promise-text',
      value: {
        html: '<p>Every fillet is line-caught or responsibly farmed, and delivered fresh, never frozen, to each restaurant.</p>',
        alignment: 'centered',
        container: 'twoThirds',
      },
    },
  ]);
}
