import type { BlockData } from '../../shared/schemas/page-payload';
import { BlockBody } from '../blocks/BlockBody';
import type { TemplateProps } from '../template-types';

export default function HomePage({ page }: TemplateProps) {
  return (
    <div className="template-home">
      <BlockBody blocks={page.content.body as BlockData[]} lead />
    </div>
  );
}
