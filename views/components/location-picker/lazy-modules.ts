/**
 * The picker's heavy parts are chunks of their own, fetched on first interest (pointer over or
 * focus on the trigger) rather than on every page: react-aria and zod stay out of the header's
 * bundle (docs/decisions/2026-11-22-no-zod-in-public-bundles.md).
 */
let popover: Promise<typeof import('./PickerPopover')> | undefined;
let store: Promise<typeof import('../../../shared/locations/preferred-location')> | undefined;

export function loadPickerPopover() {
  popover ??= import('./PickerPopover').catch((error: unknown) => {
    popover = undefined; // let the next hover or click try again
    throw error;
  });
  return popover;
}

/** Reading and writing the saved location (validated with the Location schema). */
export function loadPreferredStore() {
  store ??= import('../../../shared/locations/preferred-location').catch((error: unknown) => {
    store = undefined;
    throw error;
  });
  return store;
}
