import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

/**
 * Without MAP_STYLE_URL the map is a plain background and no tile source: nothing leaves the
 * site (offline development, tests), and the lettered markers still place every restaurant.
 */
export const LOCAL_STYLE: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dde6ea' } }],
};

/** OpenMapTiles-style source layers (and layer ids) for points of interest and transit. */
const HIDDEN_SOURCE_LAYERS = /^(poi|transit|aerodrome_label|mountain_peak)$/;
const HIDDEN_IDS = /(poi|transit|railway|rail|station|airport|aeroway|bus|ferry)/i;

/**
 * The spec's "muted custom style that hides points of interest and transit", applied to any
 * configured vector style: those layers are dropped, and what remains is desaturated by fading
 * fills and lines a little so the lettered markers stand out.
 */
export function mutedStyle(style: StyleSpecification): StyleSpecification {
  const layers = style.layers.filter((layer) => {
    const sourceLayer = 'source-layer' in layer ? layer['source-layer'] : undefined;
    if (sourceLayer && HIDDEN_SOURCE_LAYERS.test(sourceLayer)) return false;
    return !HIDDEN_IDS.test(layer.id);
  });
  return { ...style, layers: layers.map(muted) };
}

function muted(layer: LayerSpecification): LayerSpecification {
  if (layer.type === 'fill') return { ...layer, paint: { ...layer.paint, 'fill-opacity': 0.6 } };
  if (layer.type === 'line') return { ...layer, paint: { ...layer.paint, 'line-opacity': 0.6 } };
  return layer;
}
