import { iconSymbolId, type IconName } from '../../shared/admin/icons';
import { ICON_SPRITE_META } from '../../views/admin/Icon';

const SVG = 'http://www.w3.org/2000/svg';

/** An icon of the sprite for controls built without React (views/admin/Icon.tsx is the React one). Decorative. */
export function iconElement(name: IconName, size = 20): SVGSVGElement {
  const sprite = document.querySelector(`meta[name="${ICON_SPRITE_META}"]`)?.getAttribute('content') ?? '';
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('class', 'admin-icon');
  svg.setAttribute('width', String(size));
  svg.setAttribute('height', String(size));
  svg.setAttribute('aria-hidden', 'true');
  svg.setAttribute('focusable', 'false');
  const use = document.createElementNS(SVG, 'use');
  use.setAttribute('href', `${sprite}#${iconSymbolId(name)}`);
  svg.append(use);
  return svg;
}
