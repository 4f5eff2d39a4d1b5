import { useT } from '../../page-context';
import { Icon } from './Icon';

/**
 * LOCATION PICKER SLOT. The header's location picker (a popover with search and the preferred
 * location, spec section 2) replaces this placeholder; until then it links to the locations
 * page so the header is useful. Keep the wrapper's data-slot so the picker can find its place.
 */
export function HeaderPickerSlot() {
  const t = useT();
  return (
    <div className="header-picker-slot" data-slot="location-picker">
      <a href="/locations/" className="header-picker-slot__link">
        <Icon name="pin" />
        {t('Find A Location Near You')}
      </a>
    </div>
  );
}
