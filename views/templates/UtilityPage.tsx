import type { BlockData } from '../../shared/schemas/page-payload';
import { BlockBody } from '../blocks/BlockBody';
import type { TemplateProps } from '../template-types';

/** A rich body on the background style chosen for the page. */
export default function UtilityPage({ page }: TemplateProps) {
  const style = typeof page.content.background_style === 'string' ? page.content.background_style : 'lobster';
  return (
    <div className={`template-utility bg--${style}`}>
      <div className="template-utility__inner">
        <h1>{page.title}</h1>
        <BlockBody blocks={page.content.body as BlockData[]} lead />
      </div>
    </div>
  );
}
