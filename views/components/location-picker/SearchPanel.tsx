import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { LatLng } from '../../../shared/locations/geo';
import type { Location, LocationListResponse } from '../../../shared/schemas/locations';
import { countryOfLanguage } from '../../../shared/locations/site-country';
import { usePageContext, useT } from '../../page-context';
import { geocodeQuery, nearbyLocations, type SearchCentre } from './picker-api';
import { ResultsList } from './ResultsList';
import { browserPosition, positionFromQuery } from './user-position';

type Results = LocationListResponse['locations'];

/**
 * 'Show search form' (spec section 2): the required search input, 'Use My Current Location' and
 * 'View Map', then the results. Failures (geocoding, geolocation, fetch) are logged only: the
 * spec shows the visitor nothing for them, so the form simply stays as it was.
 */
export function SearchPanel({
  onChoose,
  mapPageUrl,
  focusOnShow = false,
}: {
  onChoose(location: Location): void;
  mapPageUrl: string | null;
  focusOnShow?: boolean;
}) {
  const t = useT();
  const country = countryOfLanguage(usePageContext().languageCode);
  const input = useRef<HTMLInputElement>(null);
  // After 'Change Location' the button that had focus is gone: the search field takes it over.
  useEffect(() => {
    if (focusOnShow) input.current?.focus();
  }, [focusOnShow]);
  const inputId = useId();
  const promptId = useId();
  const [results, setResults] = useState<Results | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef<AbortController | null>(null);

  /** Runs one search; a newer one cancels the older so answers cannot arrive out of order. */
  const run = async (findCentre: (signal: AbortSignal) => Promise<SearchCentre | LatLng | null>) => {
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    setBusy(true);
    try {
      const centre = await findCentre(controller.signal);
      if (!centre) return;
      const list = await nearbyLocations(centre, controller.signal);
      if (!controller.signal.aborted) setResults(list.locations);
    } catch (error) {
      if (!controller.signal.aborted) console.warn('Location search failed', error);
    } finally {
      if (pending.current === controller) setBusy(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (!query) return;
    void run((signal) => geocodeQuery(query, signal, country));
  };

  // The query parameters win over the browser's position (spec section 4).
  const useMyLocation = () =>
    void run(async () => positionFromQuery(window.location.search) ?? (await browserPosition()));

  return (
    <div className="location-picker__search">
      <p id={promptId} className="location-picker__prompt">
        {t('Tell us where you are for the latest specials and prices')}
      </p>
      <form className="location-picker__form" role="search" onSubmit={onSubmit} aria-busy={busy}>
        <label htmlFor={inputId} className="location-picker__label">
          {t('Search by city, state, or zip')}
        </label>
        <div className="location-picker__field">
          <input
            ref={input}
            id={inputId}
            name="q"
            type="search"
            required
            autoComplete="off"
            aria-describedby={promptId}
            className="location-picker__input"
          />
          <button type="submit" className="button button--primary">
            {t('Search')}
          </button>
        </div>
      </form>
      <div className="location-picker__options">
        <button type="button" className="location-picker__text-button" onClick={useMyLocation}>
          {t('Use My Current Location')}
        </button>
        {mapPageUrl ? <a href={mapPageUrl}>{t('View Map')}</a> : null}
      </div>
      <ResultsList results={results} onChoose={onChoose} mapPageUrl={mapPageUrl} />
    </div>
  );
}
