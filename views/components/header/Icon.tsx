import { ICON_PATHS, STROKED_ICONS, isIconName } from './icon-paths';

let symbols: string | undefined;

/** The sprite's symbols as React prints them. Path data is plain ASCII from ICON_PATHS, never content: nothing to escape. */
function spriteSymbols(): string {
  symbols ??= Object.entries(ICON_PATHS)
    .map(([name, d]) => {
      const paint = STROKED_ICONS.has(name)
        ? 'fill="none" stroke="currentColor" stroke-width="2" stroke-linejoin="round"'
        : 'fill="currentColor"';
      return `<symbol id="icon-${name}" viewBox="0 0 24 24"><path d="${d}" ${paint}></path></symbol>`;
    })
    .join('');
  return symbols;
}

/**
 * The inline SVG sprite, rendered once per page (in the header). Hidden from assistive
 * technology: each <Icon> carries its own label or is decorative.
 */
export function IconSprite() {
  // The server writes the symbols as one piece of fixed markup (about 30 tags and 70 attributes
  // fewer to write one by one on every page); the browser bundle keeps the elements, which
  // hydrate against the same nodes.
  if (process.env.BROWSER_BUNDLE !== '1')
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        className="icon-sprite"
        aria-hidden="true"
        focusable="false"
        width="0"
        height="0"
        dangerouslySetInnerHTML={{ __html: spriteSymbols() }}
      />
    );
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      className="icon-sprite"
      aria-hidden="true"
      focusable="false"
      width="0"
      height="0"
    >
      {Object.entries(ICON_PATHS).map(([name, d]) => (
        <symbol key={name} id={`icon-${name}`} viewBox="0 0 24 24">
          {STROKED_ICONS.has(name) ? (
            <path d={d} fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
          ) : (
            <path d={d} fill="currentColor" />
          )}
        </symbol>
      ))}
    </svg>
  );
}

/**
 * One icon from the sprite. An unknown name renders the spec's visible error text, so a typo in
 * content is noticed instead of leaving an empty gap. With `label` the icon is announced.
 */
export function Icon({ name, label, size = 24 }: { name: string; label?: string; size?: number }) {
  if (!isIconName(name)) return <span className="icon icon--missing">{`NO ICON NAMED ${name}`}</span>;
  return (
    <svg
      className={`icon icon--${name}`}
      width={size}
      height={size}
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      focusable="false"
    >
      <use href={`#icon-${name}`} />
    </svg>
  );
}
