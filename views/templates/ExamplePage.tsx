import type { BlockData } from '../../shared/schemas/page-payload';
import { BlockBody } from '../blocks/BlockBody';
import type { TemplateProps } from '../template-types';

/** The generic content page: a body of blocks and, on some pages, a confirmation-content area. */
export default function ExamplePage({ page }: TemplateProps) {
  const confirmation = (page.content.confirmation_content ?? []) as BlockData[];
  return (
    <div className="template-example">
      <BlockBody blocks={page.content.body as BlockData[]} lead />
      {confirmation.length > 0 ? (
        <section className="confirmation-content" aria-label="Confirmation">
          <BlockBody blocks={confirmation} />
        </section>
      ) : null}
    </div>
  );
}
