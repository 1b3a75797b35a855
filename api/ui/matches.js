// The Matches page: the rule notifications the server saw on Tracker/rule/+ (from the message
// processors or tracker-rules watch), kept in the data store across restarts: who (callsign,
// registration, model, operator) and where (origin → destination), newest first, a page at a
// time ("Older"), with a rule filter and a delivery filter: a match its rule's notify or a
// mute held back is greyed, with why.
//
// New matches appear by themselves: while the page is open and visible, on its newest page and
// with no row chosen, the newest page is asked for again every 10 s and redrawn when it changed.
import { api } from './api.js';
import { $, h, message } from './dom.js';
import { routeText, createMap, aircraftMarker, watchText, registrantText, registrantNotice } from './map.js';
import { deliveryText } from './notify.js';

export class MatchesPage {
  constructor(config) {
    this.config = config;
    $('#matches-rule').addEventListener('change', () => this.reload());
    $('#matches-state').addEventListener('change', () => this.reload());
    $('#matches-refresh').addEventListener('click', () => this.reload());
    $('#matches-older').addEventListener('click', () => this.more());
    this.gen = 0; // counts loads: an answer to an older request is never drawn over a newer one
    setInterval(() => this.poll(), 10000);
  }

  // show loads the matches; ?rule=ID selects that rule (a link from the rule test).
  async show(params) {
    const rule = params && params.get('rule');
    if (rule) {
      const sel = $('#matches-rule');
      if (![...sel.options].some((o) => o.value === rule)) sel.append(h('option', { value: rule }, rule));
      sel.value = rule;
    }
    await this.reload();
  }

  async reload() {
    this.before = '';
    this.paged = false;
    $('#matches-rows').replaceChildren();
    await this.more();
  }

  // poll redraws the newest page when it changed, unless the user is elsewhere: another page or
  // tab, older matches, a row chosen, or a load under way.
  async poll() {
    if (document.visibilityState !== 'visible' || $('#page-matches').hidden || this.paged || this.loading || $('#matches-rows tr.selected')) return;
    const gen = this.gen;
    let got;
    try {
      got = await api.matches($('#matches-rule').value, '', $('#matches-state').value);
    } catch {
      return; // the next poll, or Refresh, tries again; a load says what went wrong
    }
    if (gen !== this.gen || this.loading || this.paged || newestKey(got) === this.newest) return;
    this.gen++;
    this.before = '';
    $('#matches-rows').replaceChildren();
    this.draw(got, $('#matches-rule').value);
  }

  // more loads the next, older page (the first after reload) and appends its rows.
  async more() {
    const rule = $('#matches-rule').value;
    if (this.before) this.paged = true;
    const gen = ++this.gen;
    this.loading = true;
    let got;
    try {
      got = await api.matches(rule, this.before, $('#matches-state').value);
    } catch (e) {
      message(`Matches could not be loaded: ${e.message}`, 'error');
      return;
    } finally {
      this.loading = false;
    }
    if (gen !== this.gen) return; // a newer load (another filter) draws instead
    this.draw(got, rule);
  }

  // draw appends a page of matches (the newest page when nothing is drawn yet).
  draw(got, rule) {
    const first = !this.before;
    if (first) this.newest = newestKey(got);
    this.before = got.before || '';
    $('#matches-older').hidden = !this.before;
    const note = $('#matches-note');
    const notes = [];
    if (got.history === 'unavailable') notes.push('The data store does not answer: these are only the newest matches this server kept in memory; the older history is unavailable.');
    if (got.mqtt === 'off') notes.push('New matches are not being received: this server has no MQTT broker configured (set MQTT_HOST for tracker-config-api).');
    else if (got.mqtt === 'down') notes.push('The MQTT broker cannot be reached right now: new matches appear once it is back.');
    if (first && got.matches.length === 0) notes.push(rule ? `No notification of rule ${rule} kept.` : 'No rule notification kept yet.');
    note.textContent = notes.join(' ');
    note.hidden = notes.length === 0;
    if (first) this.fillRules(got.matches);
    $('#matches-rows').append(...got.matches.map((m) => {
      const n = m.notification && typeof m.notification === 'object' ? m.notification : {};
      const ac = n.aircraft || {};
      const op = n.operator || {};
      // data-label: on a phone each row is a card, each cell with its column's name.
      const held = m.state === 'held';
      return h('tr', { class: held ? 'held' : null, dataset: { rule: m.rule, id: m.id || '', state: m.state || 'sent' } },
        h('td', { class: 'when', 'data-label': 'Time' }, new Date(m.received).toLocaleString()),
        h('td', { class: 'mono', 'data-label': 'Rule' }, h('a', { href: `#rules?edit=${encodeURIComponent(m.rule)}`, title: `Edit rule ${m.rule} and test it` }, m.rule)),
        h('td', { class: 'mono', 'data-label': 'Callsign' }, n.ident || ac.icao_hex || ''),
        h('td', { class: 'mono', 'data-label': 'Registration' }, ac.registration || '', ac.watchlist ? h('span', { class: 'chip watch-chip', title: watchText(ac.watchlist) }, ac.watchlist.category || ac.watchlist.list) : ''),
        h('td', { class: 'model', 'data-label': 'Model' }, ac.manufacturer_model || ac.type_designator || ''),
        h('td', { class: 'operator', 'data-label': 'Operator' }, op.name || op.airline_designator || '',
          n.registrant ? h('span', { class: 'registrant', title: registrantNotice(n.registrant) }, `Registered to ${registrantText(n.registrant)}`) : ''),
        h('td', { class: 'route', 'data-label': 'Route' }, routeText(n)),
        h('td', { class: 'num', 'data-label': 'Altitude' }, m.position && m.position.altitude !== undefined ? `${Math.round(m.position.altitude)} ft` : ''),
        h('td', { class: 'delivery', 'data-label': 'Delivery' }, deliveryText(n.delivery)));
    }).map((row, i) => {
      const m = got.matches[i];
      row.addEventListener('click', () => this.locate(m, row));
      return row;
    }));
  }

  // locate shows where the receiver saw the match's aircraft on the small map (a notification
  // carries no position: the server keeps the one its traffic had, when it had one).
  async locate(m, row) {
    for (const r of $('#matches-rows').children) r.classList.toggle('selected', r === row);
    const box = $('#matches-map');
    const note = $('#matches-map-note');
    if (!m.position) {
      box.hidden = true;
      note.textContent = 'The receiver did not see this aircraft when the notification came: no position to show.';
      note.hidden = false;
      return;
    }
    note.hidden = true;
    box.hidden = false;
    if (!this.map) {
      this.map = await createMap(box, this.config);
      this.marks = L.featureGroup().addTo(this.map.map);
    }
    const n = m.notification && typeof m.notification === 'object' ? m.notification : {};
    this.map.map.invalidateSize();
    this.marks.clearLayers();
    aircraftMarker({ ...(n.aircraft || {}), ident: n.ident, operator: n.operator, origin: n.origin, destination: n.destination,
      latitude: m.position.latitude, longitude: m.position.longitude, altitude: m.position.altitude }, 'match').addTo(this.marks);
    this.map.map.setView([m.position.latitude, m.position.longitude], 9);
  }

  // fillRules offers every rule seen in the matches (and the stored rules) in the filter.
  async fillRules(matches) {
    const sel = $('#matches-rule');
    const have = new Set([...sel.options].map((o) => o.value));
    let stored = [];
    try { stored = (await api.rules()).map((r) => r.identifier); } catch { /* the filter still has the seen ones */ }
    for (const id of [...stored, ...matches.map((m) => m.rule)]) {
      if (!have.has(id)) {
        have.add(id);
        sel.append(h('option', { value: id }, id));
      }
    }
  }
}

// newestKey names a page's newest match, to tell whether a page changed (memory-only history
// has no ids: its time then).
function newestKey(got) {
  const m = got.matches[0];
  return m ? `${m.id || ''}|${m.received}|${got.matches.length}` : '';
}
