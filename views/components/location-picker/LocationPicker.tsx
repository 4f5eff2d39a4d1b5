import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { PREFERRED_LOCATION_KEY, PREFERRED_RLID_KEY } from '../../../shared/locations/preferred-keys';
import type { Location } from '../../../shared/schemas/locations';
import { usePageContext, useT } from '../../page-context';
import { Icon } from '../header/Icon';
import { publishSavedRestaurant } from '../header/saved-restaurant';
import { browserStorage } from './browser-storage';
import { loadPickerPopover, loadPreferredStore } from './lazy-modules';
import type { PickerPopoverProps } from './PickerPopover';
import { keepPopoverTranslations } from './picker-strings';
import { pickerTriggerText } from './trigger-text';

/**
 * The header's location picker (spec section 2). This eager part is only the trigger button,
 * rendered by the server with the saved location from the 'li' cookie so its text never
 * flashes; the popover and its validation load on first hover, focus or click.
 */
export function LocationPicker() {
  const t = useT();
  const { locationPicker } = usePageContext();
  keepPopoverTranslations(t);
  const [location, setLocation] = useState<Location | null>(locationPicker?.preferredLocation ?? null);
  const [isOpen, setOpen] = useState(false);
  const [Popover, setPopover] = useState<ComponentType<PickerPopoverProps> | null>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popoverLoaded = useRef(false);

  const serverLocation = locationPicker?.preferredLocation ?? null;

  /**
   * Local storage is the browser's source of truth and the cookie only mirrors it. Re-reads it
   * through the validating store (stored data failing the schema counts as none and is cleared)
   * and brings the cookie in line. With `adoptServer`, empty storage takes the location the
   * server found for the cookie (storage cleared while the cookie lived on).
   */
  const reread = useCallback(
    (adoptServer: boolean) => {
      const storage = browserStorage();
      if (!storage) return;
      loadPreferredStore()
        .then((store) => {
          const hasKeys =
            storage.getItem(PREFERRED_RLID_KEY) !== null || storage.getItem(PREFERRED_LOCATION_KEY) !== null;
          const saved = store.readPreferredLocation(storage) ?? (adoptServer && !hasKeys ? serverLocation : null);
          document.cookie = store.writePreferredLocation(storage, saved);
          setLocation(saved);
        })
        .catch((error: unknown) => console.warn('The saved location could not be read', error));
    },
    [serverLocation],
  );

  const preload = useCallback(() => {
    loadPickerPopover()
      .then((module) => {
        if (popoverLoaded.current) return;
        popoverLoaded.current = true;
        // First load: what is stored is validated before the popover shows anything.
        reread(false);
        setPopover(() => module.PickerPopover);
      })
      .catch((error: unknown) => console.warn('The location picker could not be loaded', error));
  }, [reread]);

  useEffect(() => {
    const storedRlid = browserStorage()?.getItem(PREFERRED_RLID_KEY) ?? null;
    // Agreement with the server needs no schema library on page load; a mismatch (another
    // device, cleared storage, edited data) is settled by the validating reader.
    if (storedRlid !== (serverLocation ? String(serverLocation.rlid) : null)) reread(true);
    // Other tabs (the storage event fires only there).
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || event.key === PREFERRED_RLID_KEY || event.key === PREFERRED_LOCATION_KEY) reread(false);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [reread, serverLocation]);

  // The header's icons follow the saved restaurant (views/components/header/HeaderIcons.tsx).
  useEffect(() => publishSavedRestaurant(location), [location]);

  const text = pickerTriggerText(t, location);
  return (
    <div className="header-picker-slot location-picker" data-slot="location-picker">
      <button
        ref={triggerRef}
        type="button"
        className="location-picker__trigger"
        aria-haspopup="dialog"
        aria-expanded={isOpen && Popover ? 'true' : 'false'}
        data-saved-rlid={location?.rlid}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          preload();
          setOpen(true);
        }}
      >
        <Icon name="pin" />
        <span className="location-picker__text">{text}</span>
      </button>
      {Popover ? (
        <Popover
          triggerRef={triggerRef}
          isOpen={isOpen}
          onOpenChange={setOpen}
          location={location}
          onLocationChange={setLocation}
          mapPageUrl={locationPicker?.mapPageUrl ?? null}
        />
      ) : null}
    </div>
  );
}
