import { useCallback, useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { createPortal } from 'react-dom';
import type { MapPageExtra } from '../../shared/schemas/locations';
import { MapEntryDetails } from '../components/locations/MapEntryDetails';
import type { LocationMap } from '../components/locations/map/location-map';
import { searchAround, searchAroundRestaurant, searchNearby } from '../components/locations/map/map-search-client';
import { MapFirstVisit } from '../components/locations/map/MapFirstVisit';
import { useMyLocation, type Position } from '../components/locations/map/use-my-location';
import { browserStorage } from '../components/location-picker/browser-storage';
import { PREFERRED_COOKIE, PREFERRED_RLID_KEY } from '../../shared/locations/preferred-keys';
import { whenNearViewAndIdle } from '../components/locations/map/when-near-view';
import { useT } from '../page-context';
import type { TemplateProps } from '../template-types';

type Result = MapPageExtra['results'][number];
/** What a narrow screen shows under the search form (wide screens show both side by side). */
type View = 'list' | 'map';
/** idle: not asked for yet; the map's status line says nothing until it is. */
type MapState = 'idle' | 'loading' | 'ready' | 'failed';

/**
 * Left column: the search form and the nearest restaurants, lettered A-Z like their markers, all
 * rendered on the server (the form is a plain GET form, so it works before JavaScript). Right
 * column: the map, loaded from a lazy chunk once it is near the viewport and the browser is idle.
 * On a narrow screen the list comes first and a List / Map switch shows the map in its place: the
 * hidden map is never "near the viewport", so a phone downloads MapLibre only when asked to
 * (docs/decisions/2026-11-26-map-page-list-first-on-phones.md). The list is the complete,
 * accessible alternative to the map; markers are buttons too, so the map is usable from the keyboard.
 */
export default function LocationsPageMap({ page }: TemplateProps) {
  const t = useT();
  const extra = page.extra as MapPageExtra;
  const [q, setQ] = useState(extra.q);
  const [results, setResults] = useState<Result[]>(extra.results);
  const [centre, setCentre] = useState(extra.currentLocation);
  // Spec section 6: the focused location starts as the first in the list, or none.
  const [focused, setFocused] = useState<number | null>(extra.results[0]?.location.rlid ?? null);
  const [popupNode, setPopupNode] = useState<HTMLElement | null>(null);
  const mapElement = useRef<HTMLDivElement>(null);
  const map = useRef<LocationMap | null>(null);
  const [mapState, setMapState] = useState<MapState>('idle');
  const mapReady = mapState === 'ready';
  const [view, setView] = useState<View>('list');
  const [searched, setSearched] = useState(extra.searched);
  /** Says where the list starts from when the visitor did not type it (saved restaurant, position). */
  const [caption, setCaption] = useState<string | null>(null);
  /**
   * Whether this browser can be asked for its position: known only after hydration, so the server
   * draws the button disabled (its place kept: no layout shift) and a browser without it drops it.
   */
  const [canLocate, setCanLocate] = useState<boolean | undefined>(undefined);
  /** Set once the visitor searches: a slower first-visit search must not replace their answer. */
  const visitorActed = useRef(false);

  const show = useCallback((found: { results: Result[]; currentLocation: MapPageExtra['currentLocation'] }) => {
    setResults(found.results);
    setCentre(found.currentLocation);
    setFocused(found.results[0]?.location.rlid ?? null);
    setSearched(true);
  }, []);

  const showAround = useCallback(
    async ({ latitude, longitude }: Position) => {
      visitorActed.current = true;
      const found = await searchAround(latitude, longitude);
      if (!found) return false;
      show(found);
      setCaption(t('Restaurants near you'));
      // Rounded (about 100 m): the address bar and history need no more than the search does.
      const url = new URL(window.location.href);
      url.search = new URLSearchParams({ latitude: latitude.toFixed(3), longitude: longitude.toFixed(3) }).toString();
      window.history.pushState(null, '', url);
      return true;
    },
    [show, t],
  );
  const { locate, locating, notice, clearNotice } = useMyLocation(showAround);

  // First visit: start from the restaurant the visitor chose in the header picker, if any.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- geolocation is known only in the browser
    setCanLocate('geolocation' in navigator);
    if (extra.searched) return;
    // Local storage is the picker's source of truth; its cookie mirror covers a visitor whose
    // storage is not readable here.
    const cookie = new RegExp(`(?:^|;\\s*)${PREFERRED_COOKIE}=(\\d{1,9})(?:;|$)`).exec(document.cookie)?.[1];
    const rlid = browserStorage()?.getItem(PREFERRED_RLID_KEY) ?? cookie;
    if (!rlid) return;
    void searchAroundRestaurant(rlid).then((found) => {
      if (!found || found.results.length === 0 || visitorActed.current) return;
      show(found);
      setCaption(t('Restaurants near your restaurant in {place}', { values: { place: found.place } }));
    });
    // Once, for the page as the server rendered it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    let cancelled = false;
    // The popup's DOM node exists only in the browser, after hydration.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPopupNode(document.createElement('div'));
    // MapLibre (most of this page's JavaScript) loads only when the map is near the viewport and
    // the browser is idle: the list and the first paint never wait for it.
    const loadMap = () => {
      setMapState('loading');
      return (
        import('../components/locations/map/location-map')
          .then(({ createLocationMap }) =>
            createLocationMap({
              container: mapElement.current!,
              styleUrl: extra.mapStyleUrl,
              cssUrl: extra.mapCssUrl,
              onMarkerFocus: (rlid) => {
                setFocused(rlid);
                document
                  .querySelector(`.locations-map__entry[data-rlid="${rlid}"]`)
                  ?.scrollIntoView({ block: 'nearest' });
              },
              clusterLabel: (count) => t('{count} restaurants here, zoom in', { values: { count: String(count) } }),
            }),
          )
          .then((created) => {
            if (cancelled) return created.destroy();
            map.current = created;
            setMapState('ready');
          })
          // The list works without the map; a load failure is logged and said (spec section 8).
          .catch((error: unknown) => {
            console.warn('The map failed to load', error);
            if (!cancelled) setMapState('failed');
          })
      );
    };
    const stopWaiting = whenNearViewAndIdle(mapElement.current!, () => void loadMap());
    return () => {
      cancelled = true;
      stopWaiting();
      map.current?.destroy();
      map.current = null;
    };
    // The map is created once; results and focus reach it through the effects below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!mapReady) return;
    map.current?.setPoints(
      results.map(({ letter, location }) => ({
        rlid: location.rlid,
        letter,
        label: `${letter}: ${location.address1}, ${location.city}, ${location.state}`,
        lat: location.latitude,
        lng: location.longitude,
      })),
      centre ? { lat: centre.latitude, lng: centre.longitude } : null,
    );
  }, [mapReady, results, centre]);

  useEffect(() => {
    if (mapReady && popupNode) map.current?.focus(focused, popupNode);
  }, [mapReady, focused, popupNode, results]);

  const onSubmit = useCallback(
    async (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault();
      visitorActed.current = true;
      const entered = String(new FormData(event.currentTarget).get('q') ?? '').trim();
      const found = await searchNearby(entered);
      if (!found) return;
      setQ(entered);
      show(found);
      setCaption(null);
      clearNotice();
      const url = new URL(window.location.href);
      url.search = new URLSearchParams({ q: entered }).toString();
      window.history.pushState(null, '', url);
    },
    [show, clearNotice],
  );

  const focusEntry = (rlid: number) => (event: MouseEvent) => {
    // Links and action buttons inside the entry keep their own behaviour.
    if ((event.target as HTMLElement).closest('a, button:not(.locations-map__glyph)')) return;
    setFocused(rlid);
  };

  const focusedResult = results.find((result) => result.location.rlid === focused);
  return (
    <div className={`locations-map locations-map--view-${view}`}>
      <div className="locations-map__side">
        <h1>{page.title}</h1>
        <form className="locations-map__search" method="get" role="search" onSubmit={onSubmit}>
          <label htmlFor="locations-map-q" className="visually-hidden">
            {t('Search by city, state, or zip')}
          </label>
          <input
            id="locations-map-q"
            name="q"
            type="search"
            defaultValue={q}
            placeholder={t('City, State, or ZIP')}
            autoComplete="off"
            required
          />
          <button type="submit" className="button button--primary">
            {t('Search')}
          </button>
        </form>
        <div className="locations-map__views" role="group" aria-label={t('Show the restaurants')}>
          {(['list', 'map'] as const).map((option) => (
            <button
              key={option}
              type="button"
              className="locations-map__view"
              aria-pressed={view === option}
              aria-controls={option === 'map' ? 'locations-map' : undefined}
              onClick={() => setView(option)}
            >
              {option === 'list' ? t('List') : t('Map')}
            </button>
          ))}
        </div>
        {canLocate !== false ? (
          <button
            type="button"
            className="button button--secondary locations-map__locate"
            aria-busy={locating}
            disabled={canLocate === undefined}
            onClick={locate}
          >
            {locating ? t('Finding your location…') : t('Use my location')}
          </button>
        ) : null}
        {/* Always in the document (a live region appearing with its text is not always announced). */}
        <p className="locations-map__notice" role="status">
          {notice || null}
        </p>
        <p className="visually-hidden" role="status">
          {searched ? t('{count} location', { count: results.length, plural: '{count} locations' }) : null}
        </p>
        {caption && results.length > 0 ? <p className="locations-map__caption">{caption}</p> : null}
        {results.length === 0 && !searched ? (
          <MapFirstVisit countries={extra.countries} />
        ) : results.length === 0 ? (
          <p className="locations-map__empty">{t('Please enter a valid city, state, or ZIP code.')}</p>
        ) : (
          <ol className="locations-map__list">
            {results.map((result) => (
              // Clicking anywhere on an entry focuses it; the glyph button is the keyboard way.
              <li
                key={result.location.rlid}
                className={`locations-map__entry${result.location.rlid === focused ? ' locations-map__entry--focused' : ''}`}
                data-rlid={result.location.rlid}
                aria-current={result.location.rlid === focused ? 'true' : undefined}
                onClick={focusEntry(result.location.rlid)}
              >
                <button
                  type="button"
                  className="locations-map__glyph"
                  aria-label={t('Show {letter} on the map: {address}', {
                    values: { letter: result.letter, address: result.location.address1 },
                  })}
                  aria-pressed={result.location.rlid === focused}
                  onClick={() => setFocused(result.location.rlid)}
                >
                  {result.letter}
                </button>
                <MapEntryDetails result={result} />
              </li>
            ))}
          </ol>
        )}
      </div>
      <div className="locations-map__map" id="locations-map" ref={mapElement}>
        <MapStatus state={mapState} />
      </div>
      {popupNode && focusedResult ? createPortal(<MapEntryDetails result={focusedResult} compact />, popupNode) : null}
    </div>
  );
}

/** Said while MapLibre downloads (seconds on a slow phone) and if it never arrives. */
function MapStatus({ state }: { state: MapState }) {
  const t = useT();
  const text =
    state === 'loading'
      ? t('Loading the map…')
      : state === 'failed'
        ? t('The map could not be loaded. The list shows every restaurant.')
        : '';
  // Always in the document, empty when there is nothing to say: a live region that appears
  // together with its text is not announced by every screen reader.
  return (
    <p className="locations-map__map-status" role="status">
      {text || null}
    </p>
  );
}
