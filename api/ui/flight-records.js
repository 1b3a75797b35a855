// Records and tops of a range (GET /api/flights/records, /api/flights/top; CONTRACT.md 13.4):
// the closest, lowest, highest and fastest flight and the types and operators seen for the
// first time, each opening its flight's details; the operators, types, routes and
// registrations seen most, each a link to its flights (a filter of the list) where the list
// has such a filter.
import { h } from './dom.js';

const ft = (v) => `${v.toLocaleString('en')} ft`;

// recordKinds are the records in the order shown, with what each says of its flight.
const recordKinds = [
  ['closest', 'Closest', (r) => (r.closest_nm !== undefined ? `${r.closest_nm.toFixed(1)} nm` : '')],
  ['lowest', 'Lowest', (r) => (r.closest_altitude !== undefined ? `${ft(r.closest_altitude)} at the closest point` : r.min_altitude !== undefined ? ft(r.min_altitude) : '')],
  ['highest', 'Highest', (r) => (r.max_altitude !== undefined ? ft(r.max_altitude) : '')],
  ['fastest', 'Fastest', (r) => (r.max_speed !== undefined ? `${r.max_speed} kt` : '')],
];

// flightName is "EZY123 · G-EZAB · A320".
export function flightName(r) {
  return [r.ident || r.icao_hex, r.registration, r.type_designator].filter(Boolean).join(' · ');
}

// renderRecords fills el with the records; open(row) opens a flight, at formats times.
export function renderRecords(el, rec, open, at) {
  const flight = (r) => h('button', { type: 'button', class: 'linklike record-flight', dataset: { id: r.id }, onclick: () => open(r) }, flightName(r));
  const cards = recordKinds.filter(([k]) => rec && rec[k]).map(([k, label, what]) => h('li', { class: 'record', dataset: { record: k } },
    h('span', { class: 'record-label' }, label), h('span', { class: 'record-value' }, what(rec[k])),
    flight(rec[k]), h('span', { class: 'record-when' }, at.minute(new Date(rec[k].first_seen)))));
  const firsts = (key, label, filter) => {
    const list = (rec && rec[key]) || [];
    if (!list.length) return null;
    return h('li', { class: 'record firsts', dataset: { record: key } }, h('span', { class: 'record-label' }, label),
      h('ul', {}, list.map((f) => h('li', {}, h('a', { href: filter(f.key), class: 'filter-link' }, f.key), ' — first: ', flight(f.row),
        ' ', h('span', { class: 'record-when' }, at.minute(new Date(f.row.first_seen)))))));
  };
  const items = [...cards, firsts('first_time_types', 'New types', (k) => listLink({ type: k })),
    firsts('first_time_operators', 'New operators', (k) => listLink({ operator: k }))].filter(Boolean);
  el.replaceChildren(...(items.length ? items : [h('li', { class: 'hint' }, 'No flight in this range.')]));
}

// listLink is the address of the list with a filter, the range kept from the page's address.
let rangeQuery = '';
export function setRangeQuery(q) { rangeQuery = q; }
export function listLink(filter) {
  const q = new URLSearchParams(rangeQuery);
  for (const [k, v] of Object.entries(filter)) q.set(k, v);
  return `#flights?${q}`;
}

// topKinds are the tops shown: by, title, the key's heading, and the list's filter for a key
// (none for a route: the list has no route filter).
export const topKinds = [
  ['operator', 'Operators', 'Code', (k) => ({ operator: k })],
  ['type', 'Types', 'Type', (k) => ({ type: k })],
  ['route', 'Routes', 'Route', null],
  ['registration', 'Registrations', 'Registration', (k) => ({ q: k })],
];

// renderTop is one top as a table: key (a link to its flights), name, flights, aircraft.
export function renderTop(title, keyHeading, list, filter) {
  const rows = list.map((t) => h('tr', {},
    h('td', { class: 'mono' }, filter ? h('a', { href: listLink(filter(t.key)), class: 'filter-link' }, t.key) : t.key),
    h('td', {}, t.name || ''), h('td', { class: 'num' }, t.flights.toLocaleString('en')), h('td', { class: 'num' }, t.aircraft.toLocaleString('en'))));
  return h('table', { class: 'matches-table top-table', dataset: { top: title.toLowerCase() } },
    h('caption', {}, title),
    h('thead', {}, h('tr', {}, [keyHeading, 'Name', 'Flights', 'Aircraft'].map((c) => h('th', { scope: 'col' }, c)))),
    h('tbody', {}, rows.length ? rows : h('tr', {}, h('td', { colspan: 4, class: 'hint' }, 'None'))));
}
