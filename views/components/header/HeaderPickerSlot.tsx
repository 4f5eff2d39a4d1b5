import { LocationPicker } from '../location-picker/LocationPicker';

/**
 * The header's location picker slot (spec section 2, Header location picker). The picker lives in
 * views/components/location-picker/; both headers place it through this component.
 */
export function HeaderPickerSlot() {
  return <LocationPicker />;
}
