import type { ContentLocation } from '../../../shared/schemas/locations';

/** The postal address of a location, as printed on directory pages. */
export function LocationAddress({
  location,
}: {
  location: Pick<ContentLocation, 'address1' | 'address2' | 'city' | 'state' | 'zip'>;
}) {
  return (
    <address className="location-address">
      {location.address1}
      <br />
      {location.address2 ? (
        <>
          {location.address2}
          <br />
        </>
      ) : null}
      {location.city}, {location.state} {location.zip}
    </address>
  );
}

/** tel: link target from a national number such as (407) 555-0123. */
export const telHref = (national: string) => `tel:+1${national.replace(/\D/g, '')}`;
