// The Flights page (CONTRACT.md 13.3, 13.4): what flew over, from the flight log tracker-rules
// watch keeps. A range of days (a day, a week, a month, or from … to …) and four views of it:
// the flights (per hour for a day beside the average of the 7 days before, per day for longer;
// filters, sorting, the rows a page at a time), "Low and close" (the printable report of a
// noise complaint), the records and tops, and the receiver's reach. A row's details draw its
// track on the map. Without a flight log the page says how to turn it on. Days, hours and
// times are NOTIFY_TIMEZONE's (the server's config.time_zone), whatever the browser's zone,
// and the page says which. The address keeps the view, the range and the report's filter
// (#flights?view=low&range=week&day=…&max_nm=1&max_alt=2000&hours=23-07): a link to it is a
// link to what is shown.
import { api, ApiError } from './api.js';
import { $, h, message } from './dom.js';
import { zoned, addDays, daysBetween, dateRange, rangeLengths, plural } from './flight-time.js';
import { TrackMap } from './flight-track.js';
import { drawReach, reachSummary, reachTable } from './flight-reach.js';
import { renderRecords, renderTop, topKinds, setRangeQuery } from './flight-records.js';
import { LowReport } from './flight-low.js';

const views = ['list', 'low', 'records', 'reach'];

const svgNS = 'http://www.w3.org/2000/svg';
function svg(tag, attrs, text) {
  const el = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

export class FlightsPage {
  constructor(config) {
    this.config = config;
    this.zone = config.time_zone || 'UTC';
    this.at = zoned(this.zone);
    this.tar1090 = (config.tar1090_url || '').replace(/\/+$/, '');
    this.view = 'list';
    this.gen = 0;
    this.trackGen = 0;
    $('#flights-day').value = this.today();
    $('#flights-zone').textContent = `Days, hours and times in ${this.zone} (NOTIFY_TIMEZONE).`;
    this.track = new TrackMap($('#flights-track-map'), $('#flights-track-legend'), config, this.at);
    this.low = new LowReport(this);
    this.listen();
  }

  listen() {
    for (const b of document.querySelectorAll('.flights-views button')) b.addEventListener('click', () => this.setView(b.dataset.view));
    $('#flights-range-form').addEventListener('submit', (e) => { e.preventDefault(); this.changed(); });
    $('#flights-range').addEventListener('change', () => this.rangeKind());
    for (const id of ['#flights-day', '#flights-from']) $(id).addEventListener('change', () => this.changed());
    $('#flights-earlier').addEventListener('click', () => this.step(-1));
    $('#flights-later').addEventListener('click', () => this.step(1));
    $('#flights-today').addEventListener('click', () => { $('#flights-day').value = this.today(); this.changed(); });
    $('#flights-filters').addEventListener('submit', (e) => { e.preventDefault(); this.changed(); });
    for (const id of ['#flights-rule', '#flights-watchlist', '#flights-military', '#flights-emergency', '#flights-sort']) {
      $(id).addEventListener('change', () => this.changed());
    }
    $('#flights-more').addEventListener('click', () => this.more());
    $('#flights-csv').addEventListener('click', () => this.csv());
    $('#flights-details-close').addEventListener('click', () => this.closeDetails(true));
    $('#flights-details').addEventListener('keydown', (e) => { if (e.key === 'Escape') this.closeDetails(true); });
  }

  today() { return this.at.day(new Date()); }

  // show applies the address (#flights?view=…&range=…&day=…) and loads what it shows; ?id=
  // opens that flight's details.
  async show(params) {
    this.apply(params || new URLSearchParams());
    await this.fillChoices();
    await this.reload();
    const id = params && params.get('id');
    if (id && /^\d+$/.test(id)) await this.openByID(Number(id));
  }

  apply(params) {
    const view = params.get('view');
    this.view = views.includes(view) ? view : 'list';
    const day = params.get('day'), from = params.get('from');
    const date = (s) => s && /^\d{4}-\d{2}-\d{2}$/.test(s);
    if (date(day)) $('#flights-day').value = day;
    const kind = params.get('range');
    if (Object.hasOwn(rangeLengths, kind) || kind === 'custom') $('#flights-range').value = kind;
    else if (date(day) || date(from)) $('#flights-range').value = date(from) ? 'custom' : 'day';
    if (date(from)) $('#flights-from').value = from;
    if ([...params.keys()].length) { // an address says what is shown: its text filters, or none
      for (const k of ['q', 'operator', 'type']) $(`#flights-${k}`).value = params.get(k) || '';
    }
    if (this.view === 'list' && ['time', 'closest', 'lowest'].includes(params.get('sort'))) $('#flights-sort').value = params.get('sort');
    if (this.view === 'low') this.low.apply(params);
    this.rangeLabels();
  }

  // fillChoices offers the stored rules and watchlists in the filters.
  async fillChoices() {
    const fill = async (sel, load, value, label) => {
      let items = [];
      try { items = await load(); } catch { return; }
      const keep = $(sel).value;
      $(sel).replaceChildren(h('option', { value: '' }, 'Any'), ...items.map((x) => h('option', { value: value(x) }, label(x))));
      $(sel).value = keep;
    };
    await Promise.all([
      fill('#flights-rule', () => api.rules(), (r) => r.identifier, (r) => r.name || r.identifier),
      fill('#flights-watchlist', () => api.watchlists(), (l) => l.id, (l) => l.name || l.id),
    ]);
  }

  // dates are the range's first and last day (both included).
  dates() {
    const day = $('#flights-day').value || this.today();
    return dateRange($('#flights-range').value, day, $('#flights-from').value);
  }

  // rangeParams are the range as the API reads it: from, and to when longer than a day.
  rangeParams() {
    const [from, to] = this.dates();
    return from === to ? { from } : { from, to };
  }

  rangeKind() {
    const [from, to] = this.dates();
    if ($('#flights-range').value === 'custom' && !$('#flights-from').value) $('#flights-from').value = from === to ? addDays(to, -6) : from;
    this.rangeLabels();
    this.changed();
  }

  rangeLabels() {
    const kind = $('#flights-range').value;
    $('#flights-from-label').hidden = kind !== 'custom';
    $('#flights-day-label').textContent = kind === 'day' ? 'Day' : kind === 'custom' ? 'To' : 'Ending';
    $('#flights-later').disabled = ($('#flights-day').value || '') >= this.today();
  }

  // step moves the range a whole range earlier (-1) or later (1).
  step(dir) {
    const [from, to] = this.dates();
    const n = daysBetween(from, to) + 1;
    $('#flights-day').value = addDays(to, dir * n);
    if ($('#flights-range').value === 'custom') $('#flights-from').value = addDays(from, dir * n);
    this.changed();
  }

  setView(view) {
    this.view = view;
    this.changed();
  }

  // changed keeps the address in step with what is shown (a link to it shows it again) and
  // reloads.
  changed() {
    this.rangeLabels();
    history.replaceState(null, '', `#flights?${this.address()}`);
    this.reload();
  }

  address() {
    const q = new URLSearchParams();
    if (this.view !== 'list') q.set('view', this.view);
    q.set('range', $('#flights-range').value);
    q.set('day', $('#flights-day').value);
    if ($('#flights-range').value === 'custom') q.set('from', $('#flights-from').value);
    if (this.view === 'list') {
      for (const k of ['q', 'operator', 'type']) if ($(`#flights-${k}`).value.trim()) q.set(k, $(`#flights-${k}`).value.trim());
      if ($('#flights-sort').value !== 'time') q.set('sort', $('#flights-sort').value);
    }
    if (this.view === 'low') for (const [k, v] of Object.entries(this.low.filter())) q.set(k, v);
    return q;
  }

  // params are the list's filters as the API reads them.
  params() {
    const p = this.rangeParams();
    const text = { q: '#flights-q', operator: '#flights-operator', type: '#flights-type', rule: '#flights-rule', watchlist: '#flights-watchlist', max_nm: '#flights-nm' };
    for (const [k, sel] of Object.entries(text)) {
      const v = $(sel).value.trim();
      if (v) p[k] = v;
    }
    if ($('#flights-military').checked) p.military = 'true';
    if ($('#flights-emergency').checked) p.emergency = 'true';
    if ($('#flights-sort').value !== 'time') p.sort = $('#flights-sort').value;
    return p;
  }

  async reload() {
    const gen = ++this.gen;
    for (const b of document.querySelectorAll('.flights-views button')) b.setAttribute('aria-pressed', String(b.dataset.view === this.view));
    for (const v of document.querySelectorAll('.flights-view')) v.hidden = v.dataset.view !== this.view;
    document.body.dataset.flightsView = this.view;
    this.closeDetails();
    try {
      if (this.view === 'low') await this.low.load(gen);
      else if (this.view === 'records') await this.loadRecords(gen);
      else if (this.view === 'reach') await this.loadReach(gen);
      else await this.loadList(gen);
      if (gen === this.gen) $('#flights-note').hidden = true;
    } catch (e) {
      if (gen === this.gen) this.failed(e);
    }
  }

  // loadList draws the chart and the first page of rows: per hour for a day (with the 7 days
  // before's average), per day for longer.
  async loadList(gen) {
    this.cursor = '';
    $('#flights-rows').replaceChildren();
    const p = this.params();
    const [from, to] = this.dates();
    const oneDay = from === to;
    const [page, stats, week] = await Promise.all([api.flights({ ...p, limit: 100 }), api.flightStats({ ...p, by: oneDay ? 'hour' : 'day' }),
      oneDay ? api.flightStats({ ...p, from: addDays(from, -7), to: addDays(from, -1), by: 'hour' }) : null]);
    if (gen !== this.gen) return;
    if (oneDay) this.chart(stats, week);
    else this.dayChart(stats);
    const n = stats.reduce((a, s) => a + s.flights, 0);
    const filtered = Object.keys(p).some((k) => !['from', 'to', 'sort'].includes(k));
    $('#flights-summary').textContent = `${plural(n, 'flight')} ${oneDay ? `on ${from}` : `from ${from} to ${to}`}${filtered ? ' (filtered)' : ''}.`;
    $('#flights-caption').textContent = `Flights (${$('#flights-sort').selectedOptions[0].textContent})`;
    this.multiDay = !oneDay;
    this.draw(page);
  }

  failed(e) {
    const note = $('#flights-note');
    if (e instanceof ApiError && e.status === 503) {
      note.textContent = `${e.message}. Flights are logged by tracker-rules watch: set FLIGHT_LOG to the same file for watch and this server (the image's default is /data/flights.db on the shared volume), and HOME_LAT and HOME_LON for the closest approach.`;
      note.hidden = false;
      $('#flights-chart').replaceChildren();
      $('#flights-summary').textContent = '';
      return;
    }
    message(`Flights could not be loaded: ${e.message}`, 'error');
  }

  async more() {
    const gen = this.gen;
    try {
      const page = await api.flights({ ...this.params(), limit: 100, cursor: this.cursor });
      if (gen === this.gen) this.draw(page);
    } catch (e) {
      this.failed(e);
    }
  }

  // draw appends a page of rows.
  draw(page) {
    this.cursor = page.next_cursor || '';
    $('#flights-more').hidden = !this.cursor;
    const ft = (v) => (v !== undefined ? `${v.toLocaleString('en')} ft` : '');
    $('#flights-rows').append(...page.flights.map((r) => {
      const op = r.operator ? (r.operator.name || r.operator.airline_designator) : '';
      const route = r.origin || r.destination ? `${r.origin || '?'} → ${r.destination || '?'}` : '';
      const first = new Date(r.first_seen);
      const row = h('tr', { dataset: { id: r.id, hex: r.icao_hex }, tabindex: 0, class: r.squawks && r.squawks.some((s) => ['7500', '7600', '7700'].includes(s)) ? 'emergency' : null },
        h('td', { class: 'when', 'data-label': 'Time' }, h('time', { datetime: r.first_seen }, this.multiDay ? this.at.minute(first) : this.at.time(first))),
        h('td', { class: 'mono', 'data-label': 'Ident' }, r.ident || r.icao_hex),
        h('td', { class: 'mono', 'data-label': 'Registration' }, r.registration || ''),
        h('td', { class: 'mono', 'data-label': 'Type' }, r.type_designator || ''),
        h('td', { class: 'operator', 'data-label': 'Operator' }, op),
        h('td', { class: 'route', 'data-label': 'Route' }, route),
        h('td', { class: 'registrant', 'data-label': 'Registrant' }, r.registrant || ''),
        h('td', { class: 'num', 'data-label': 'Closest' }, r.closest_nm !== undefined ? `${r.closest_nm.toFixed(1)} nm` : ''),
        h('td', { class: 'num', 'data-label': 'At closest' }, ft(r.closest_altitude)),
        h('td', { class: 'num', 'data-label': 'Lowest' }, ft(r.min_altitude)),
        h('td', { class: 'mono', 'data-label': 'Rules' }, (r.matched_rules || []).join(', ')));
      const open = () => this.details(r, row);
      row.addEventListener('click', open);
      row.addEventListener('keydown', (e) => { if (e.key === 'Enter') open(); });
      return row;
    }));
  }

  // closeDetails hides the details; back, focus returns where it was when they opened.
  closeDetails(back) {
    const was = !$('#flights-details').hidden;
    $('#flights-details').hidden = true;
    if (back && was && this.returnFocus && this.returnFocus.isConnected) this.returnFocus.focus();
    for (const tr of document.querySelectorAll('#flights-rows tr.selected, #low-rows tr.selected')) tr.classList.remove('selected');
  }

  // details shows every field of a flight, its track on the map and a link to it on the
  // user's tar1090; feature is its track when already fetched.
  details(r, row, feature) {
    for (const tr of document.querySelectorAll('#flights-rows tr, #low-rows tr')) tr.classList.toggle('selected', tr === row);
    const when = (t) => (t ? this.at.full(new Date(t)) : '');
    const fields = [
      ['Address', r.icao_hex], ['Ident', r.ident], ['Registration', r.registration], ['Type', [r.type_designator, r.manufacturer_model].filter(Boolean).join(' · ')],
      ['Operator', r.operator ? [r.operator.name, r.operator.airline_designator].filter(Boolean).join(' · ') : ''],
      ['From', r.origin], ['To', r.destination], ['Registrant', r.registrant], ['Military', r.military ? 'yes' : ''],
      ['Watchlist', r.watchlist ? [r.watchlist.category, r.watchlist.list].filter(Boolean).join(' · ') : ''],
      ['First seen', when(r.first_seen)], ['Last seen', when(r.last_seen)], ['Messages', r.messages], ['Positions', r.positions],
      ['Altitude', [r.min_altitude, r.max_altitude].filter((v) => v !== undefined && v !== null).map((v) => v.toLocaleString('en'))
        .filter((v, i, all) => all.indexOf(v) === i).join(' – ') + (r.min_altitude !== undefined || r.max_altitude !== undefined ? ' ft' : '')],
      ['Top speed', r.max_speed !== undefined ? `${r.max_speed} kt` : ''],
      ['Closest', r.closest_nm !== undefined ? `${r.closest_nm.toFixed(1)} nm at ${when(r.closest_at)}${r.closest_altitude !== undefined ? `, ${r.closest_altitude.toLocaleString('en')} ft` : ''}` : ''],
      ['Squawks', (r.squawks || []).join(', ')], ['Rules', (r.matched_rules || []).join(', ')], ['Sources', (r.receiver_sources || []).join(', ')],
    ].filter(([, v]) => v !== '' && v !== undefined && v !== null);
    $('#flights-details-title').textContent = `Flight ${r.ident || r.icao_hex}`;
    $('#flights-details-fields').replaceChildren(...fields.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))]));
    const links = $('#flights-details-links');
    links.replaceChildren();
    if (this.tar1090 && r.icao_hex && !r.icao_hex.startsWith('~')) {
      links.append(h('a', { href: `${this.tar1090}/?icao=${encodeURIComponent(r.icao_hex.toLowerCase())}`, target: '_blank', rel: 'noopener', class: 'tar1090' }, 'Open in tar1090'));
    }
    if ($('#flights-details').hidden) this.returnFocus = document.activeElement;
    $('#flights-details').hidden = false;
    $('#flights-details-title').focus({ preventScroll: true }); // a keyboard goes on from the details (Escape: back)
    $('#flights-details').scrollIntoView({ block: 'nearest' });
    return this.showTrack(r, feature);
  }

  // showTrack draws the flight's track, or says plainly why there is none.
  async showTrack(r, feature) {
    const gen = ++this.trackGen;
    const note = $('#flights-track-note'), map = $('#flights-track-map');
    note.textContent = 'Loading the track…';
    map.hidden = false;
    this.track.clear();
    try {
      const f = feature || await api.flightTrack(r.id);
      if (gen !== this.trackGen) return;
      const pts = await this.track.draw(f, r);
      if (gen !== this.trackGen) return;
      note.textContent = pts.length ? `The track: ${plural(pts.length, 'position')} kept, coloured by altitude.` : 'No positions: this flight has no track.';
      map.dataset.points = pts.length;
    } catch (e) {
      if (gen !== this.trackGen) return;
      map.hidden = true;
      if (e instanceof ApiError && e.status === 404) {
        note.textContent = r.positions === 0
          ? 'No positions: the receiver heard this flight without a position, so it has no track.'
          : 'Track no longer kept: tracks are kept for FLIGHT_LOG_TRACK_DAYS days (the flight stays in the log).';
        return;
      }
      note.textContent = `The track could not be loaded: ${e.message}`;
    }
  }

  // openByID opens a flight known only by its id (a reach sector, an address): its row is the
  // track's properties.
  async openByID(id) {
    try {
      const f = await api.flightTrack(id);
      const row = { ...f.properties, id: f.properties.id ?? id };
      await this.details(row, null, f);
    } catch (e) {
      // The server says which: no such flight, no positions, or a track no longer kept.
      if (e instanceof ApiError && e.status === 404) message(`Flight ${id}: ${e.message}`, 'error');
      else message(`Flight ${id} could not be loaded: ${e.message}`, 'error');
    }
  }

  async loadRecords(gen) {
    const p = this.rangeParams();
    const q = this.address();
    q.delete('view');
    setRangeQuery(q.toString());
    const [rec, ...tops] = await Promise.all([api.flightRecords(p), ...topKinds.map(([by]) => api.flightTop({ ...p, by, limit: 10 }))]);
    if (gen !== this.gen) return;
    renderRecords($('#flights-records'), rec, (r) => this.details(r, null), this.at);
    $('#flights-tops').replaceChildren(...topKinds.map(([, title, key, filter], i) => renderTop(title, key, tops[i], filter)));
  }

  // loadReach draws the reach of the range's last day against the 30 days to it.
  async loadReach(gen) {
    const day = this.dates()[1];
    let today, month;
    try {
      [today, month] = await Promise.all([api.coverage({ from: day }), api.coverage({ from: addDays(day, -29), to: day })]);
    } catch (e) {
      if (!(e instanceof ApiError && e.status === 409)) throw e;
      if (gen !== this.gen) return;
      $('#flights-reach').replaceChildren(); // no home to measure from: the server says what to set
      $('#flights-reach-summary').textContent = `${e.message}.`;
      $('#flights-reach-table').replaceChildren();
      return;
    }
    if (gen !== this.gen) return;
    const top = drawReach($('#flights-reach'), today, month, (id) => this.openByID(id), this.at);
    $('#flights-reach').dataset.top = top;
    const label = day === this.today() ? 'Today' : day;
    $('#flights-reach-summary').textContent = reachSummary(today, month).replace(/^Today/, label);
    $('#flights-reach-table').replaceChildren(reachTable(today, month));
  }

  // chart draws the day's flights per local hour as bars (23, 24 or 25 of them: the keys are
  // the local clock's hours with their offsets), and the 7 days before's average per hour of
  // the day as a line: the scale is the larger of the two.
  chart(hours, week) {
    const el = $('#flights-chart');
    const hourOf = (s) => Number(s.key.slice(11, 13));
    const avgOf = new Array(24).fill(0);
    for (const s of week) avgOf[hourOf(s)] += s.flights / 7;
    const bars = hours.length ? hours : Array.from({ length: 24 }, (_, i) => ({ key: `0000-00-00T${String(i).padStart(2, '0')}:00`, flights: 0 }));
    const avg = bars.map((s) => avgOf[hourOf(s)]);
    const top = Math.max(1, ...bars.map((s) => s.flights), ...avg);
    const W = 720, H = 150, bw = W / bars.length;
    const y = (v) => H - (v / top) * (H - 12);
    const parts = [svg('line', { x1: 0, y1: H, x2: W, y2: H, class: 'axis' })];
    bars.forEach((s, i) => {
      const n = s.flights, hh = s.key.slice(11, 13);
      const bar = svg('rect', { x: i * bw + 2, y: y(n), width: bw - 4, height: H - y(n), class: 'bar', 'data-hour': hourOf(s), 'data-key': s.key, 'data-flights': n });
      bar.append(svg('title', {}, `${hh}:00 ${s.key.slice(16)} ${n} flight${n === 1 ? '' : 's'} (7-day average ${avg[i].toFixed(1)})`));
      parts.push(bar);
      if (hourOf(s) % 3 === 0 && !(i > 0 && hourOf(bars[i - 1]) === hourOf(s))) parts.push(svg('text', { x: i * bw + 2, y: H + 14, class: 'tick' }, `${hh}h`));
    });
    parts.push(svg('polyline', { points: avg.map((v, i) => `${(i + 0.5) * bw},${y(v)}`).join(' '), class: 'average' }));
    parts.push(svg('text', { x: W - 4, y: 10, class: 'tick', 'text-anchor': 'end' }, `max ${Math.round(top)}`));
    el.replaceChildren(...parts);
    $('#flights-chart-title').textContent = 'Flights per hour (by when each was first seen); the line is the average of the 7 days before';
  }

  // dayChart draws the range's flights per local day as bars, labelled every few days.
  dayChart(days) {
    const el = $('#flights-chart');
    const top = Math.max(1, ...days.map((s) => s.flights));
    const W = 720, H = 150, bw = W / Math.max(1, days.length);
    const y = (v) => H - (v / top) * (H - 12);
    const every = Math.ceil(days.length / 10);
    const parts = [svg('line', { x1: 0, y1: H, x2: W, y2: H, class: 'axis' })];
    days.forEach((s, i) => {
      const bar = svg('rect', { x: i * bw + 1, y: y(s.flights), width: Math.max(1, bw - 2), height: H - y(s.flights), class: 'bar', 'data-day': s.key.slice(0, 10), 'data-flights': s.flights });
      bar.append(svg('title', {}, `${s.key.slice(0, 10)}: ${plural(s.flights, 'flight')}`));
      parts.push(bar);
      if (i % every === 0) parts.push(svg('text', { x: i * bw + 1, y: H + 14, class: 'tick' }, s.key.slice(5, 10)));
    });
    parts.push(svg('text', { x: W - 4, y: 10, class: 'tick', 'text-anchor': 'end' }, `max ${top}`));
    el.replaceChildren(...parts);
    $('#flights-chart-title').textContent = 'Flights per day (by when each was first seen)';
  }

  // csv downloads every row of the filters shown.
  async csv() {
    const p = this.params();
    try {
      const text = await api.flightsCSV(p);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      const a = h('a', { href: url, download: `flights-${p.from}${p.to ? `-to-${p.to}` : ''}.csv` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      this.failed(e);
    }
  }
}
