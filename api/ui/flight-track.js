// A flight's track on the UI's own map (map.js: offline outlines, optional tiles): the path
// coloured by altitude with its legend, home and the closest point labelled (distance,
// altitude, time). The API's track is a GeoJSON Feature (CONTRACT.md 13.4): a LineString of
// [lon, lat, alt_m?] (a Point for one position), or a MultiLineString split at the
// antimeridian; either is drawn as one unbroken path (longitudes made continuous, past ±180
// where it crosses).
/* global L */
import { createMap } from './map.js';
import { h } from './dom.js';

const feetPerMetre = 1 / 0.3048;

// altitudeBands colour a path by its altitude (ft), lowest first: warm is low.
export const altitudeBands = [
  { below: 1000, color: '#b2182b', label: 'below 1,000 ft' },
  { below: 2000, color: '#e66101', label: '1,000–2,000 ft' },
  { below: 5000, color: '#d9a400', label: '2,000–5,000 ft' },
  { below: 10000, color: '#4dac26', label: '5,000–10,000 ft' },
  { below: 20000, color: '#1b7837', label: '10,000–20,000 ft' },
  { below: 30000, color: '#2166ac', label: '20,000–30,000 ft' },
  { below: Infinity, color: '#5e3c99', label: '30,000 ft and above' },
];
const unknownBand = { color: '#6b7781', label: 'altitude unknown' };

export function bandOf(ft) {
  if (ft === null || ft === undefined || Number.isNaN(ft)) return unknownBand;
  return altitudeBands.find((b) => ft < b.below);
}

// trackPoints are the feature's positions in order, {lon, lat, ft}, with continuous
// longitudes: each point within 180° of the one before (a path across ±180 goes past it).
export function trackPoints(feature) {
  const g = feature && feature.geometry;
  if (!g) return [];
  const lines = { MultiLineString: () => g.coordinates, LineString: () => [g.coordinates], Point: () => [[g.coordinates]] }[g.type]?.() || [];
  const pts = [];
  for (const [i, line] of lines.entries()) {
    // Parts split at ±180 end and start with the crossing point, made by the split and no
    // position: joined, the path goes straight from the last position to the next.
    const split = i > 0 && pts.length && line.length && Math.abs(pts[pts.length - 1].lon) === 180 && Math.abs(line[0][0]) === 180;
    if (split) pts.pop();
    for (const c of split ? line.slice(1) : line) {
      const ft = c.length > 2 && c[2] !== null && c[2] !== undefined ? Math.round(c[2] * feetPerMetre) : null;
      pts.push({ lon: c[0], lat: c[1], ft });
    }
  }
  for (let i = 1; i < pts.length; i++) pts[i].lon = near(pts[i].lon, pts[i - 1].lon);
  return pts;
}

// near is lon moved by whole turns to within 180° of ref.
function near(lon, ref) {
  return lon + 360 * Math.round((ref - lon) / 360);
}

// runs splits the path into runs of one altitude band, each segment coloured by the altitude
// where it starts (each run starts where the last ended, so the coloured path has no gap).
function runs(pts) {
  const out = [];
  for (let i = 1; i < pts.length; i++) {
    const band = bandOf(pts[i - 1].ft);
    const last = out[out.length - 1];
    if (last && last.band === band) last.pts.push(pts[i]);
    else out.push({ band, pts: [pts[i - 1], pts[i]] });
  }
  return out;
}

// TrackMap is the details' map: made once, on the first track shown.
export class TrackMap {
  constructor(el, legend, config, at) {
    this.el = el;
    this.legend = legend;
    this.config = config;
    this.at = at; // zoned formats (flight-time.js)
  }

  async ready() {
    if (!this.making) {
      this.making = createMap(this.el, this.config).then((m) => {
        m.control.remove(); // one flight's map: no layer to choose, and its corner stays clear
        this.map = m.map;
        this.layer = L.featureGroup().addTo(this.map);
        return m;
      });
    }
    await this.making;
    this.map.invalidateSize();
  }

  clear() {
    if (this.layer) this.layer.clearLayers();
    this.legend.replaceChildren();
  }

  // draw shows the feature's path; row is the flight (for the closest point when the feature
  // has none). It returns the points drawn.
  async draw(feature, row) {
    await this.ready();
    this.clear();
    const pts = trackPoints(feature);
    if (!pts.length) return pts;
    const ll = (p) => [p.lat, p.lon];
    L.polyline(pts.map(ll), { className: 'flight-track-casing', color: '#fff', weight: 7, opacity: 0.9, interactive: false }).addTo(this.layer);
    // The path through every kept point (smoothFactor 0: none simplified away).
    L.polyline(pts.map(ll), { className: 'flight-track', color: '#14324f', weight: 1, opacity: 0.6, interactive: false, smoothFactor: 0 }).addTo(this.layer);
    const used = new Set();
    for (const run of runs(pts)) {
      used.add(run.band);
      L.polyline(run.pts.map(ll), { className: 'flight-track-run', color: run.band.color, weight: 4, opacity: 1, interactive: false }).addTo(this.layer);
    }
    this.ends(pts);
    const marks = [this.closest(feature, row, pts), this.home(pts)].filter(Boolean); // home on top: it shows inside the closest point's ring
    this.drawLegend(used);
    const bounds = L.latLngBounds(pts.map(ll));
    for (const m of marks) bounds.extend(m.getLatLng());
    this.map.fitBounds(bounds, { paddingTopLeft: [50, 30], paddingBottomRight: [30, 30], maxZoom: 12 }); // clear of the zoom buttons
    return pts;
  }

  // ends marks where the flight was first and last seen.
  ends(pts) {
    const first = pts[0], last = pts[pts.length - 1];
    L.circleMarker([first.lat, first.lon], { className: 'track-start', radius: 4, color: '#14324f', weight: 2, fillColor: '#fff', fillOpacity: 1 })
      .bindTooltip('first position', { direction: 'left' }).addTo(this.layer);
    L.circleMarker([last.lat, last.lon], { className: 'track-end', radius: 4, color: '#14324f', weight: 2, fillColor: '#14324f', fillOpacity: 1 })
      .bindTooltip('last position', { direction: 'right' }).addTo(this.layer);
  }

  // home is the receiver's home (config.home), labelled, on the track's side of ±180.
  home(pts) {
    const home = this.config.home;
    if (!home || home.lat === undefined || home.lon === undefined) return null;
    const lon = near(home.lon, pts[0].lon);
    return L.circleMarker([home.lat, lon], { className: 'track-home', radius: 5, color: '#14324f', weight: 2, fillColor: '#ffd166', fillOpacity: 1 })
      .bindTooltip('Home', { permanent: true, direction: 'left', className: 'track-label home-label' }).addTo(this.layer);
  }

  // closest labels the point of the path closest to home: its distance, altitude and time.
  closest(feature, row, pts) {
    const c = (feature.properties && feature.properties.closest) || {};
    const lat = c.lat ?? row.closest_lat, lon = c.lon ?? row.closest_lon;
    if (lat === undefined || lat === null || lon === undefined || lon === null) return null;
    const text = closestText({ nm: c.nm ?? row.closest_nm, altitude: c.altitude ?? row.closest_altitude, at: c.at ?? row.closest_at }, this.at);
    return L.circleMarker([lat, near(lon, pts[0].lon)], { className: 'track-closest', radius: 10, color: '#b2182b', weight: 3, fillOpacity: 0 })
      .bindTooltip(text, { permanent: true, direction: 'right', className: 'track-label closest-label' }).addTo(this.layer);
  }

  drawLegend(used) {
    const bands = [...altitudeBands, unknownBand].filter((b) => used.has(b));
    this.legend.replaceChildren(h('span', { class: 'legend-title' }, 'Altitude:'),
      ...bands.map((b) => h('span', { class: 'legend-item' }, swatch(b.color), b.label)),
      h('span', { class: 'legend-item' }, h('span', { class: 'swatch home' }), 'home'),
      h('span', { class: 'legend-item' }, h('span', { class: 'swatch closest' }), 'closest point'));
  }
}

// swatch is a legend's colour (set through the style object: the CSP allows no style attribute).
function swatch(color) {
  const el = h('span', { class: 'swatch' });
  el.style.background = color;
  return el;
}

// closestText is "Closest 0.4 nm · 1,200 ft · 14:03:22".
export function closestText(c, at) {
  return `Closest ${[c.nm !== undefined && c.nm !== null ? `${Number(c.nm).toFixed(1)} nm` : '',
    c.altitude !== undefined && c.altitude !== null ? `${c.altitude.toLocaleString('en')} ft` : '',
    c.at ? at.seconds(new Date(c.at)) : ''].filter(Boolean).join(' · ')}`;
}
