import { createContext, useContext } from 'react';
import { iconSymbolId, type IconName } from '../../shared/admin/icons';

/** The sprite's URL, as AdminDocument publishes it for scripts that render icons in the browser. */
export const ICON_SPRITE_META = 'admin-icons';

const spriteInPage = () =>
  typeof document === 'undefined'
    ? ''
    : (document.querySelector(`meta[name="${ICON_SPRITE_META}"]`)?.getAttribute('content') ?? '');

/** The sprite URL: given by AdminDocument on the server, read from its meta element in the browser. */
export const IconSpriteContext = createContext<string>(spriteInPage());

/**
 * One icon of the sprite (shared/admin/icons.ts). Always decorative: hidden from assistive
 * technology, so the control or text beside it must carry the words.
 */
export function Icon({ name, size = 20, className }: { name: IconName; size?: number; className?: string }) {
  const sprite = useContext(IconSpriteContext);
  return (
    <svg
      className={className ? `admin-icon ${className}` : 'admin-icon'}
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${sprite}#${iconSymbolId(name)}`} />
    </svg>
  );
}
