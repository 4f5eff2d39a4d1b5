import { Map as MapLibreMap, Marker, Popup, setWorkerUrl } from 'maplibre-gl';
import Supercluster from 'supercluster';
import { MAP_ZOOM } from '../../../../shared/locations/map-results';
import { baseMapStyle, mutedStyle, withOrigin } from './map-style';

/**
 * The map page's interactive map (spec sections 2 and 9). Loaded by a dynamic import from the
 * LocationsPageMap template after the list has rendered, so maplibre-gl and supercluster live in
 * this lazy chunk only. The list stays the source of truth: the map draws what it is given.
 */

/**
 * Clustering (spec section 9: "cluster grid 60, minimum cluster size 2, radius 40"). supercluster
 * takes the radius (in screen pixels) and the minimum points per cluster. The grid size of 60 px
 * is an option of Google's MarkerClusterer grid algorithm that supercluster replaces; it has no
 * supercluster counterpart, so it is kept here only as the on-screen size of a cluster marker.
 */
export const CLUSTER_RADIUS_PX = 40;
export const CLUSTER_MIN_POINTS = 2;
export const CLUSTER_GRID_PX = 60;

export type MapPoint = { rlid: number; letter: string; label: string; lat: number; lng: number };

export type LocationMapOptions = {
  container: HTMLElement;
  styleUrl: string | null;
  cssUrl: string;
  onMarkerFocus(rlid: number): void;
  clusterLabel(count: number): string;
};

export type LocationMap = {
  setPoints(points: MapPoint[], centre: { lat: number; lng: number } | null): void;
  /** Opens the info window on `rlid` with `content` and pans there; null closes it. */
  focus(rlid: number | null, content: HTMLElement): void;
  destroy(): void;
};

type PointProps = { rlid: number };

function linkStylesheet(href: string): Promise<void> {
  if (document.querySelector(`link[rel="stylesheet"][href="${href}"]`)) return Promise.resolve();
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  const loaded = new Promise<void>((resolve) => {
    link.onload = () => resolve();
    // Without the stylesheet the map is still usable; its failure is logged only (spec section 8).
    link.onerror = () => {
      console.warn('The map stylesheet failed to load');
      resolve();
    };
  });
  document.head.append(link);
  return loaded;
}

export async function createLocationMap(options: LocationMapOptions): Promise<LocationMap> {
  await linkStylesheet(options.cssUrl);
  setWorkerUrl(options.cssUrl.replace(/maplibre-gl\.css$/, 'maplibre-gl-worker.mjs'));
  const map = new MapLibreMap({
    container: options.container,
    // The site's offline base map, unless MAP_STYLE_URL names a tile service (set just below).
    style: options.styleUrl ? { version: 8, sources: {}, layers: [] } : baseMapStyle(window.location.origin),
    center: [-81.38, 28.54],
    zoom: MAP_ZOOM,
    // A configured style keeps its own credits; the offline one credits its data.
    attributionControl: {
      compact: true,
      customAttribution: options.styleUrl ? undefined : 'Natural Earth, US Census Bureau, MapSVG (CC BY 4.0), GeoNames',
    },
    cooperativeGestures: false,
  });
  // A style on this site (MAP_PMTILES's) is the site's own: its paths made absolute, nothing muted.
  if (options.styleUrl)
    map.setStyle(options.styleUrl, {
      transformStyle: (_previous, next) =>
        options.styleUrl!.startsWith('/') ? withOrigin(next, window.location.origin) : mutedStyle(next),
    });

  let points: MapPoint[] = [];
  // Loaded (empty) from the start: a resize or move before the first results arrive renders
  // markers too, and an index that was never loaded throws on getClusters.
  let index = clusterIndexOf(points);
  let focused: number | null = null;
  const markers = new Map<string, Marker>();
  const popup = new Popup({ offset: 22, maxWidth: '320px', focusAfterOpen: false });

  const markerButton = (text: string, label: string, className: string) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = className;
    button.textContent = text;
    button.setAttribute('aria-label', label);
    return button;
  };

  /** Markers for what the viewport shows at this zoom; kept by key so keyboard focus survives a pan. */
  function render() {
    const bounds = map.getBounds();
    const zoom = Math.round(map.getZoom());
    const wanted = new Map<string, () => Marker>();
    for (const feature of index.getClusters(
      [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      zoom,
    )) {
      const [lng, lat] = feature.geometry.coordinates as [number, number];
      if ('cluster' in feature.properties && feature.properties.cluster) {
        const { cluster_id: clusterId, point_count: count } = feature.properties;
        wanted.set(`c${clusterId}:${count}`, () => {
          const button = markerButton(
            String(count),
            options.clusterLabel(count),
            'location-marker location-marker--cluster',
          );
          button.style.setProperty('--cluster-size', `${CLUSTER_GRID_PX}px`);
          button.addEventListener('click', () =>
            map.easeTo({ center: [lng, lat], zoom: index.getClusterExpansionZoom(clusterId) }),
          );
          return new Marker({ element: button }).setLngLat([lng, lat]);
        });
      } else {
        const point = points.find((p) => p.rlid === (feature.properties as PointProps).rlid);
        if (!point) continue;
        wanted.set(`p${point.rlid}`, () => {
          const button = markerButton(point.letter, point.label, 'location-marker');
          button.dataset.rlid = String(point.rlid);
          button.addEventListener('click', (event) => {
            event.stopPropagation();
            options.onMarkerFocus(point.rlid);
          });
          return new Marker({ element: button }).setLngLat([point.lng, point.lat]);
        });
      }
    }
    for (const [key, marker] of markers) {
      if (!wanted.has(key)) {
        marker.remove();
        markers.delete(key);
      }
    }
    for (const [key, make] of wanted) if (!markers.has(key)) markers.set(key, make().addTo(map));
    for (const [key, marker] of markers) {
      const pressed = key === `p${focused}`;
      marker.getElement().classList.toggle('location-marker--focused', pressed);
      marker.getElement().setAttribute('aria-pressed', String(pressed));
    }
  }

  /** The zoom at which `rlid` leaves its cluster, or the current zoom when it is not clustered. */
  function zoomToShow(rlid: number): number {
    let zoom = Math.round(map.getZoom());
    for (let guard = 0; guard < 20; guard++) {
      const cluster = index
        .getClusters([-180, -85, 180, 85], zoom)
        .find(
          (f) =>
            'cluster' in f.properties &&
            f.properties.cluster &&
            index.getLeaves(f.properties.cluster_id, Infinity).some((leaf) => leaf.properties.rlid === rlid),
        );
      if (!cluster || !('cluster_id' in cluster.properties)) return zoom;
      zoom = Math.max(zoom + 1, index.getClusterExpansionZoom(cluster.properties.cluster_id));
    }
    return zoom;
  }

  map.on('moveend', render);

  return {
    setPoints(next, centre) {
      points = next;
      index = clusterIndexOf(next);
      for (const marker of markers.values()) marker.remove();
      markers.clear();
      popup.remove();
      const start = next[0] ?? (centre ? { lat: centre.lat, lng: centre.lng } : null);
      if (start) map.jumpTo({ center: [start.lng, start.lat], zoom: MAP_ZOOM });
      render();
    },
    focus(rlid, content) {
      focused = rlid;
      if (rlid === null) {
        popup.remove();
        render();
        return;
      }
      const point = points.find((p) => p.rlid === rlid);
      if (!point) {
        console.warn('Missing position for the info window');
        return;
      }
      popup.setLngLat([point.lng, point.lat]).setDOMContent(content).addTo(map);
      map.easeTo({ center: [point.lng, point.lat], zoom: zoomToShow(rlid) });
      render();
    },
    destroy() {
      map.remove();
    },
  };
}

function clusterIndexOf(points: MapPoint[]): Supercluster<PointProps> {
  const index = new Supercluster<PointProps>({ radius: CLUSTER_RADIUS_PX, minPoints: CLUSTER_MIN_POINTS, maxZoom: 18 });
  return index.load(
    points.map((p) => ({
      type: 'Feature',
      properties: { rlid: p.rlid },
      geometry: { type: 'Point', coordinates: [p.lng, p.lat] },
    })),
  );
}
