// The map of the pages: offline country outlines (optional tiles under them), and the layers a
// user draws areas and tests rules against: airports (shipped offline), the traffic of the
// user's own receiver (refreshed every 5 s while the page is visible), and whatever the page
// adds (areas, test matches). A search box jumps to an airport (ICAO or IATA) or to "lat, lon".
// Nothing is fetched from another host.
/* global L, topojson */
import { api } from './api.js';
import { h, message, webLink } from './dom.js';

let outlines = null; // the countries, fetched once for every map
let airports = null; // [[icao, iata, name, lat, lon, large], …], fetched once

async function loadOutlines() {
  if (!outlines) {
    const resp = await fetch('ui/vendor/world-atlas/countries-50m.json');
    const topo = await resp.json();
    outlines = unwrapAntimeridian(topojson.feature(topo, topo.objects.countries));
  }
  return outlines;
}

export async function loadAirports() {
  if (!airports) {
    const resp = await fetch('ui/vendor/airports/airports.json');
    if (!resp.ok) throw new Error(`airports: HTTP ${resp.status}`);
    airports = await resp.json();
  }
  return airports;
}

// createMap builds a map in el with the base layers; opts.traffic adds the traffic layer,
// opts.search the search box. It returns {map, overlays, control}.
export async function createMap(el, config, opts = {}) {
  const map = L.map(el, { worldCopyJump: true, zoomSnap: 0.5, attributionControl: true }).setView([30, 0], 2);
  map.attributionControl.setPrefix(false);
  if (config.tile_url) {
    // Leaflet takes attributions as HTML: the configured text is escaped, shown as text.
    L.tileLayer(config.tile_url, { attribution: escapeHTML(config.tile_attribution || ''), maxZoom: 19 }).addTo(map);
  }
  try {
    L.geoJSON(await loadOutlines(), {
      interactive: false, pmIgnore: true,
      style: { color: '#7d8a96', weight: 0.6, fillColor: '#f4f1e8', fillOpacity: config.tile_url ? 0 : 1 },
    }).addTo(map);
    map.attributionControl.addAttribution('Outlines: Natural Earth');
  } catch (e) {
    message(`The offline base map could not be loaded: ${e.message}`, 'error');
  }
  const overlays = {};
  const control = L.control.layers(null, overlays, { collapsed: false, position: 'topright' }).addTo(map);
  const airportLayer = new AirportLayer(map);
  control.addOverlay(airportLayer.group, 'Airports');
  airportLayer.group.addTo(map);
  overlays.airports = airportLayer;
  if (opts.traffic) {
    const traffic = new TrafficLayer(map);
    control.addOverlay(traffic.group, 'Traffic');
    traffic.group.addTo(map);
    overlays.traffic = traffic;
  }
  if (opts.search) addSearch(map, opts.search);
  return { map, overlays, control };
}

// AirportLayer draws every large and medium airport as a dot, and the codes of those in view
// as labels from zoom 8 (large) and 10 (medium).
class AirportLayer {
  constructor(map) {
    this.map = map;
    this.group = L.layerGroup();
    this.dots = L.layerGroup().addTo(this.group);
    this.labels = L.layerGroup().addTo(this.group);
    this.renderer = L.canvas({ padding: 0.2 });
    this.group.on('add', () => this.draw());
    map.on('moveend zoomend', () => { if (map.hasLayer(this.group)) this.label(); });
  }

  async draw() {
    if (this.drawn) return this.label();
    this.drawn = true;
    let list;
    try {
      list = await loadAirports();
    } catch (e) {
      message(`The airports could not be loaded: ${e.message}`, 'error');
      return;
    }
    for (const [icao, iata, name, lat, lon, large] of list) {
      L.circleMarker([lat, lon], {
        renderer: this.renderer, radius: large ? 4 : 2.5, weight: 1, color: '#5b3f8c', fillColor: '#8e6ac8', fillOpacity: 0.9, pmIgnore: true,
      }).bindTooltip(() => h('span', {}, `${icao}${iata ? ` / ${iata}` : ''} · ${name}`)).addTo(this.dots);
    }
    this.label();
  }

  // label shows the codes of the airports in view, as text, never more than 400 at once.
  label() {
    this.labels.clearLayers();
    if (!airports) return;
    const z = this.map.getZoom();
    if (z < 8) return;
    const b = this.map.getBounds().pad(0.1);
    let n = 0;
    for (const [icao, , name, lat, lon, large] of airports) {
      if ((!large && z < 10) || !b.contains([lat, lon])) continue;
      const el = h('span', { class: `airport-label${large ? ' large' : ''}`, title: name, 'data-icao': icao }, icao);
      L.marker([lat, lon], { icon: L.divIcon({ html: el, className: 'airport-icon', iconSize: null }), interactive: false, keyboard: false, pmIgnore: true })
        .addTo(this.labels);
      if (++n >= 400) break;
    }
  }
}

// TrafficLayer draws the aircraft of the user's receiver (GET /api/traffic), each rotated by
// its heading and labelled with its ident and altitude; a click shows its fields. It refreshes
// every 5 s while the layer is on the map and the page is visible.
export class TrafficLayer {
  constructor(map) {
    this.map = map;
    this.group = L.layerGroup();
    this.status = L.control({ position: 'bottomleft' });
    this.status.onAdd = () => { this.statusEl = h('div', { class: 'traffic-status', role: 'status' }); return this.statusEl; };
    this.status.addTo(map);
    this.group.on('add', () => this.start());
    this.group.on('remove', () => this.stop());
    document.addEventListener('visibilitychange', () => (document.visibilityState === 'visible' && map.hasLayer(this.group) ? this.start() : this.stop()));
  }

  start() {
    this.stop();
    this.refresh();
    this.timer = setInterval(() => this.refresh(), 5000);
  }

  stop() {
    clearInterval(this.timer);
    this.timer = null;
  }

  async refresh() {
    let t;
    try {
      if (!this.listsAt || Date.now() - this.listsAt > 60000) { // the lists' names and licences, for the cards
        this.listsAt = Date.now();
        api.watchlists().then(setWatchlists, () => {});
      }
      t = await api.traffic();
    } catch (e) {
      this.say(`Traffic unavailable: ${e.message}`, 'down');
      return;
    }
    if (!this.map.hasLayer(this.group)) return;
    // The aircraft whose card is open keeps it open across the refresh, with its new values.
    let open = null;
    this.group.eachLayer((m) => { if (m.isPopupOpen()) open = m.options.title; });
    this.group.clearLayers();
    for (const a of t.aircraft) {
      if (a.latitude === undefined || a.longitude === undefined) continue;
      const m = aircraftMarker(a).addTo(this.group);
      if (a.icao_hex === open) m.openPopup();
    }
    if (t.feed === 'off') this.say('No receiver feed configured (CONFIG_UI_READSB_URL).', 'off');
    else if (t.feed === 'down') this.say(`Receiver feed down${t.error ? `: ${t.error}` : ''}; showing what was last seen.`, 'down');
    else {
      const watched = t.aircraft.filter((a) => a.watchlist).length;
      this.say(`${t.aircraft.length} aircraft${watched ? ` (${watched} on a watchlist)` : ''} · ${t.messages} messages kept`, 'ok');
    }
  }

  say(text, state) {
    if (!this.statusEl) return;
    this.statusEl.textContent = text;
    this.statusEl.dataset.feed = state;
  }
}

// tar1090 is the user's own tar1090 (CONFIG_UI_TAR1090_URL): the card links an aircraft there.
let tar1090 = '';
export function setTar1090(url) { tar1090 = url || ''; }

// dataAttribution is what the aircraft data's licences ask to be shown with it (the card,
// the lookups, the rule test); watchlistMeta is each watchlist's name, source and licence,
// shown with its entries (CONTRACT.md 11.1).
let dataAttribution = '';
export function setDataAttribution(text) { dataAttribution = text || ''; }
export function getDataAttribution() { return dataAttribution; }

// registrantNotice is what the licence of the register a record came from asks to be shown
// with it: each record carries its own (CONTRACT.md 12.2), and only that one is shown.
export function registrantNotice(r) { return r && r.attribution ? `Registrant: ${r.attribution}` : ''; }

// registrantText is who an aircraft is registered to in a few words: "ACME AVIATION INC
// (DENVER, CO, US)"; a person's name is withheld by the server under REGISTRANT_DETAIL=standard,
// and then the type stands in its place ("Individual (WICHITA, KS, US)").
export function registrantText(r) {
  if (!r || typeof r !== 'object') return '';
  const who = (Array.isArray(r.names) && r.names[0]) || r.type || '';
  const where = [r.city, r.administrative_area, r.country].filter(Boolean).join(', ');
  return who && where ? `${who} (${where})` : (who || where);
}
const watchlistMeta = new Map();
export function setWatchlists(lists) {
  watchlistMeta.clear();
  for (const l of lists || []) watchlistMeta.set(l.id, l);
}

// watchText is an aircraft's watchlist entry in a few words: "Police Forces (Police) · NPAS".
export function watchText(w) {
  if (!w) return '';
  const groups = { civ: 'Civilian', mil: 'Military', pol: 'Police', gov: 'Government' };
  const head = [w.category, w.group && `(${groups[w.group] || w.group})`].filter(Boolean).join(' ');
  return [head || 'On a watchlist', (w.tags || []).join(', ')].filter(Boolean).join(' · ');
}

// watchAttribution is "Plane-Alert-DB — Source: … · Licence: …" of the entry's list.
export function watchAttribution(w) {
  if (!w) return '';
  const l = watchlistMeta.get(w.list);
  if (!l) return `List: ${w.list}`;
  return `${l.name}${l.source ? ` — Source: ${l.source}` : ''}${l.licence ? ` · Licence: ${l.licence}` : ''}`;
}

// airportText is "PMI Palma" (IATA, else ICAO, and the city).
export function airportText(ap) {
  if (!ap) return '';
  return [ap.iata_code || ap.icao_code, ap.city || ap.name].filter(Boolean).join(' ');
}

// routeText is "PMI Palma → LTN London" when both ends are known.
export function routeText(a) {
  return a.origin && a.destination ? `${airportText(a.origin)} → ${airportText(a.destination)}` : '';
}

// aircraftCard is who an aircraft is, where it flies and how: what the traffic popup shows.
export function aircraftCard(a) {
  const rows = [
    ['Callsign', a.ident], ['Registration', a.registration],
    ['Model', a.manufacturer_model ? `${a.manufacturer_model}${a.type_designator ? ` (${a.type_designator})` : ''}` : a.type_designator],
    ['Operator', a.operator ? (a.operator.name ? `${a.operator.name} (${a.operator.airline_designator})` : a.operator.airline_designator) : ''],
    ['Route', routeText(a)],
    ['Registered to', registrantText(a.registrant)],
    ['Altitude', a.altitude !== undefined ? `${Math.round(a.altitude)} ft` : ''],
    ['Speed', a.velocity !== undefined ? `${Math.round(a.velocity)} kt` : ''],
    ['Heading', a.heading !== undefined ? `${Math.round(a.heading)}°` : ''],
    ['Squawk', a.squawk], ['Wake', a.wake_turbulence_category], ['ICAO address', a.icao_hex],
  ].filter(([, v]) => v);
  const card = h('div', { class: `aircraft-card${a.watchlist ? ' watched' : ''}` });
  if (a.watchlist) { // on a watchlist: said first, with the list's source and licence
    const w = a.watchlist;
    card.append(h('p', { class: 'watch-entry' }, watchText(w), webLink(w.link) ? [' ', h('a', { href: webLink(w.link), target: '_blank', rel: 'noopener noreferrer' }, 'more')] : ''),
      h('p', { class: 'attribution' }, watchAttribution(w)));
  }
  card.append(h('dl', { class: 'aircraft-fields' }, ...rows.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))])));
  const links = h('p', { class: 'card-links' });
  if (tar1090 && a.icao_hex) {
    links.append(h('a', { href: `${tar1090}/?icao=${encodeURIComponent(a.icao_hex.toLowerCase())}`, target: '_blank', rel: 'noopener', class: 'tar1090' }, 'Open in tar1090'));
  }
  if (a.icao_hex && !a.watchlist && !a.icao_hex.startsWith('~')) {
    const q = new URLSearchParams({ add: a.icao_hex });
    if (a.registration) q.set('registration', a.registration);
    if (a.operator && a.operator.name) q.set('operator', a.operator.name);
    if (a.manufacturer_model || a.type_designator) q.set('type', a.manufacturer_model || a.type_designator);
    links.append(h('a', { href: `#watchlists?${q}`, class: 'add-watch' }, 'Add to a watchlist'));
  }
  if (links.childNodes.length) card.append(links);
  if (dataAttribution && (a.registration || a.manufacturer_model || a.operator)) card.append(h('p', { class: 'attribution' }, dataAttribution));
  if (registrantNotice(a.registrant)) card.append(h('p', { class: 'attribution registrant-notice' }, registrantNotice(a.registrant)));
  return card;
}

// wakeSize is the icon's size by the wake turbulence category the receiver decoded.
const wakeSize = { light: 14, medium: 20, heavy: 26 };

// aircraftMarker is one aircraft: an arrow rotated by its heading, sized by its wake category,
// labelled with its callsign (or registration) and altitude; hovering or clicking shows its
// card.
export function aircraftMarker(a, cls = '') {
  const plane = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  plane.setAttribute('viewBox', '-10 -10 20 20');
  plane.setAttribute('class', 'plane');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M0,-9 L2,-2 L9,2 L9,4 L2,2 L1,7 L4,9 L4,10 L0,9 L-4,10 L-4,9 L-1,7 L-2,2 L-9,4 L-9,2 L-2,-2 Z');
  plane.append(path);
  if (a.heading !== undefined) plane.style.transform = `rotate(${a.heading}deg)`;
  const size = wakeSize[a.wake_turbulence_category] || 20;
  plane.style.width = plane.style.height = `${size}px`;
  const label = h('span', { class: 'aircraft-label' }, [a.ident || a.registration || a.icao_hex, a.altitude !== undefined ? ` ${Math.round(a.altitude)} ft` : ''].join(''));
  if (a.watchlist) label.append(h('span', { class: 'watch-label' }, ` ${a.watchlist.category || 'watchlist'}`));
  const watched = a.watchlist ? ` watched watch-${a.watchlist.group || 'any'}` : '';
  const el = h('div', { class: `aircraft${a.military ? ' military' : ''}${watched}${cls ? ` ${cls}` : ''}`, 'data-hex': a.icao_hex, 'data-wake': a.wake_turbulence_category || '',
    'data-watch': a.watchlist ? (a.watchlist.category || a.watchlist.list) : null }, plane, label);
  el.style.width = el.style.height = `${size}px`;
  label.style.left = `${size + 2}px`;
  const m = L.marker([a.latitude, a.longitude], { icon: L.divIcon({ html: el, className: 'aircraft-icon', iconSize: [size, size], iconAnchor: [size / 2, size / 2] }), pmIgnore: true, title: a.icao_hex });
  m.bindPopup(() => aircraftCard(a)); // a click: the card, with its link
  m.bindTooltip(() => aircraftCard(a), { direction: 'top', offset: [0, -size / 2], className: 'aircraft-tip' }); // hovering: the same card
  m.on('popupopen tooltipopen', () => { if (m.isPopupOpen()) m.closeTooltip(); }); // one card at a time
  return m;
}

// addSearch puts a search box on the map: an airport's ICAO or IATA code, or "lat, lon".
function addSearch(map, opts) {
  const ctl = L.control({ position: 'topleft' });
  ctl.onAdd = () => {
    const input = h('input', { type: 'search', placeholder: 'Airport (EGLL, LHR) or lat, lon', 'aria-label': 'Go to an airport code or a position', id: opts.id || undefined });
    const err = h('span', { class: 'search-error', role: 'alert' });
    const form = h('form', { class: 'map-search', role: 'search' }, input, h('button', { type: 'submit' }, 'Go'), err);
    L.DomEvent.disableClickPropagation(form);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      err.textContent = '';
      const where = await findPlace(input.value);
      if (where) map.setView(where.at, where.zoom);
      else err.textContent = `Nothing found for “${input.value.trim()}”.`;
    });
    return form;
  };
  ctl.addTo(map);
}

// findPlace reads "lat, lon" or an airport code.
export async function findPlace(text) {
  const q = text.trim();
  const m = /^(-?\d+(?:\.\d+)?)\s*[, ]\s*(-?\d+(?:\.\d+)?)$/.exec(q);
  if (m) {
    const lat = Number(m[1]), lon = Number(m[2]);
    if (Math.abs(lat) <= 90 && Math.abs(lon) <= 180) return { at: [lat, lon], zoom: 10 };
    return null;
  }
  const code = q.toUpperCase();
  if (!/^[A-Z0-9]{3,4}$/.test(code)) return null;
  for (const [icao, iata, , lat, lon] of await loadAirports()) {
    if (icao === code || iata === code) return { at: [lat, lon], zoom: 11 };
  }
  return null;
}

// unwrapAntimeridian makes each ring's longitudes continuous (a ring that crosses ±180° would
// otherwise be drawn with an edge straight across the map).
function unwrapAntimeridian(fc) {
  const ring = (pts) => {
    for (let i = 1; i < pts.length; i++) {
      const d = pts[i][0] - pts[i - 1][0];
      if (d > 180) pts[i] = [pts[i][0] - 360, pts[i][1]];
      else if (d < -180) pts[i] = [pts[i][0] + 360, pts[i][1]];
    }
  };
  for (const f of fc.features) {
    const g = f.geometry;
    if (!g) continue;
    if (g.type === 'Polygon') g.coordinates.forEach(ring);
    if (g.type === 'MultiPolygon') g.coordinates.forEach((p) => p.forEach(ring));
  }
  return fc;
}

export function escapeHTML(s) {
  const d = document.createElement('div');
  d.textContent = s;
  return d.innerHTML;
}
