import { ResponsiveImage } from '../../components/ResponsiveImage';
import type { BlockProps } from '../define';
import type { LinkRowValue } from './schema';

export function LinkRowBlock({ value }: BlockProps<LinkRowValue>) {
  return (
    <section className="block-link-row" data-block-type="link_row">
      {value.heading ? <h2 className="block-link-row__heading">{value.heading}</h2> : null}
      <ul className="block-link-row__links">
        {value.links.map((link) => (
          <li key={link.url}>
            <a href={link.url} className="block-link-row__link">
              {link.image ? <ResponsiveImage image={link.image} alt="" sizes="(max-width: 840px) 50vw, 280px" /> : null}
              <span>{link.display_name}</span>
            </a>
          </li>
        ))}
      </ul>
      {value.fineprint ? <p className="block-link-row__fineprint">{value.fineprint}</p> : null}
    </section>
  );
}
