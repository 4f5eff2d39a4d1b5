import type { Link } from '../../shared/schemas/content';

const STYLE_CLASS: Record<Link['link_style'], string> = {
  primary: 'button button--primary',
  secondary: 'button button--secondary',
  text: 'text-link',
};

/** Renders a content link; external links open in a new tab and say so to screen readers. */
export function ContentLink({ link, className }: { link: Link; className?: string }) {
  const external = link.link_type === 'external';
  return (
    <a
      href={link.url}
      className={[STYLE_CLASS[link.link_style], className].filter(Boolean).join(' ')}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {link.display_name}
      {external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
    </a>
  );
}
