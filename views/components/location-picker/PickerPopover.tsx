import { useState, type RefObject } from 'react';
import { Dialog, Popover } from 'react-aria-components';
import { writePreferredLocation } from '../../../shared/locations/preferred-location';
import type { Location } from '../../../shared/schemas/locations';
import { useT } from '../../page-context';
import { DetailsPanel } from './DetailsPanel';
import { browserStorage } from './browser-storage';
import { SearchPanel } from './SearchPanel';

export type PickerPopoverProps = {
  triggerRef: RefObject<HTMLButtonElement | null>;
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  location: Location | null;
  onLocationChange(location: Location | null): void;
  mapPageUrl: string | null;
};

/**
 * The picker's popover (spec section 4): 'show preferred location' when a location is saved,
 * else 'show search form'. 'Change Location' switches to the form; choosing a result saves it
 * and returns to the preferred view. A react-aria Popover + Dialog: labelled, focus contained,
 * Escape or a click outside closes and focus returns to the trigger.
 */
export function PickerPopover({
  triggerRef,
  isOpen,
  onOpenChange,
  location,
  onLocationChange,
  mapPageUrl,
}: PickerPopoverProps) {
  const t = useT();
  const [changing, setChanging] = useState(false);
  const showDetails = location !== null && !changing;

  const choose = (chosen: Location) => {
    const storage = browserStorage();
    if (storage) document.cookie = writePreferredLocation(storage, chosen);
    onLocationChange(chosen);
    setChanging(false);
  };

  return (
    <Popover
      triggerRef={triggerRef}
      isOpen={isOpen}
      onOpenChange={(open) => {
        onOpenChange(open);
        // Reopening starts again from the saved location, as the first opening does.
        if (!open) setChanging(false);
      }}
      placement="bottom start"
      offset={8}
      className="location-picker__popover"
    >
      <Dialog
        className="location-picker__dialog"
        aria-label={showDetails ? t('Your restaurant') : t('Choose your restaurant')}
      >
        {showDetails ? (
          <DetailsPanel
            location={location}
            onChange={() => setChanging(true)}
            onHide={() => onOpenChange(false)}
            onOpenPanel={() => {
              // The panel opens above the page, never under the picker: the picker closes and,
              // once gone, its trigger is where the visitor returns when the panel closes.
              onOpenChange(false);
              return triggerRef.current;
            }}
          />
        ) : (
          <SearchPanel onChoose={choose} mapPageUrl={mapPageUrl} focusOnShow={changing} />
        )}
      </Dialog>
    </Popover>
  );
}
