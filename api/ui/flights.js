// The Flights page (CONTRACT.md 13): what flew over, from the flight log tracker-rules watch
// keeps. A day (today by default), its flights per hour beside the average of the 7 days before
// (plain SVG), filters, the rows a page at a time ("More"), a row's details with a link to the
// user's tar1090, and a CSV of what is shown. Without a flight log the page says how to turn
// it on. Days, hours and times are NOTIFY_TIMEZONE's (the server's config.time_zone), whatever
// the browser's zone, and the page says which: a flight belongs to the day and the hour it was
// first seen there, as the API, the CSV and the Home Assistant sensors count it.
import { api, ApiError } from './api.js';
import { $, h, message } from './dom.js';

// zoned formats dates in a zone: its day (YYYY-MM-DD), its clock time, a date and time.
function zoned(zone) {
  const make = (opts) => {
    try { return new Intl.DateTimeFormat('en-CA', { timeZone: zone, ...opts }); } catch { return new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', ...opts }); }
  };
  const day = make({ year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = make({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const full = make({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const part = (f, d, type) => f.formatToParts(d).find((p) => p.type === type).value;
  return {
    day: (d) => `${part(day, d, 'year')}-${part(day, d, 'month')}-${part(day, d, 'day')}`,
    time: (d) => time.format(d),
    full: (d) => `${part(full, d, 'year')}-${part(full, d, 'month')}-${part(full, d, 'day')} ${part(full, d, 'hour')}:${part(full, d, 'minute')}:${part(full, d, 'second')}`,
  };
}

// addDays is a calendar date n days on (no zone: dates only).
function addDays(day, n) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

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
    $('#flights-day').value = this.at.day(new Date());
    $('#flights-zone').textContent = `Days, hours and times in ${this.zone} (NOTIFY_TIMEZONE).`;
    $('#flights-filters').addEventListener('submit', (e) => { e.preventDefault(); this.reload(); });
    $('#flights-day').addEventListener('change', () => this.reload());
    for (const id of ['#flights-rule', '#flights-watchlist', '#flights-military', '#flights-emergency']) {
      $(id).addEventListener('change', () => this.reload());
    }
    $('#flights-more').addEventListener('click', () => this.more());
    $('#flights-csv').addEventListener('click', () => this.csv());
    $('#flights-details-close').addEventListener('click', () => { $('#flights-details').hidden = true; });
    this.gen = 0;
  }

  // show loads the day's flights; ?day=YYYY-MM-DD chooses another day.
  async show(params) {
    const day = params && params.get('day');
    if (day && /^\d{4}-\d{2}-\d{2}$/.test(day)) $('#flights-day').value = day;
    await this.fillChoices();
    await this.reload();
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

  // params are the filters as the API reads them.
  params() {
    const day = $('#flights-day').value || this.at.day(new Date());
    const p = { from: day };
    const text = { q: '#flights-q', operator: '#flights-operator', type: '#flights-type', rule: '#flights-rule', watchlist: '#flights-watchlist', max_nm: '#flights-nm' };
    for (const [k, sel] of Object.entries(text)) {
      const v = $(sel).value.trim();
      if (v) p[k] = v;
    }
    if ($('#flights-military').checked) p.military = 'true';
    if ($('#flights-emergency').checked) p.emergency = 'true';
    return p;
  }

  async reload() {
    const gen = ++this.gen;
    this.cursor = '';
    $('#flights-rows').replaceChildren();
    $('#flights-details').hidden = true;
    const p = this.params();
    try {
      const [page, hours, week] = await Promise.all([api.flights({ ...p, limit: 100 }), api.flightStats({ ...p, by: 'hour' }),
        api.flightStats({ ...p, from: addDays(p.from, -7), to: addDays(p.from, -1), by: 'hour' })]);
      if (gen !== this.gen) return;
      $('#flights-note').hidden = true;
      this.chart(hours, week);
      const flights = hours.reduce((n, s) => n + s.flights, 0);
      $('#flights-summary').textContent = `${flights} flight${flights === 1 ? '' : 's'} on ${p.from}${Object.keys(p).length > 1 ? ' (filtered)' : ''}.`;
      this.draw(page);
    } catch (e) {
      if (gen !== this.gen) return;
      this.failed(e);
    }
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
    $('#flights-rows').append(...page.flights.map((r) => {
      const op = r.operator ? (r.operator.name || r.operator.airline_designator) : '';
      const route = r.origin || r.destination ? `${r.origin || '?'} → ${r.destination || '?'}` : '';
      const row = h('tr', { dataset: { id: r.id, hex: r.icao_hex }, tabindex: 0, class: r.squawks && r.squawks.some((s) => ['7500', '7600', '7700'].includes(s)) ? 'emergency' : null },
        h('td', { class: 'when', 'data-label': 'Time' }, h('time', { datetime: r.first_seen }, this.at.time(new Date(r.first_seen)))),
        h('td', { class: 'mono', 'data-label': 'Ident' }, r.ident || r.icao_hex),
        h('td', { class: 'mono', 'data-label': 'Registration' }, r.registration || ''),
        h('td', { class: 'mono', 'data-label': 'Type' }, r.type_designator || ''),
        h('td', { class: 'operator', 'data-label': 'Operator' }, op),
        h('td', { class: 'route', 'data-label': 'Route' }, route),
        h('td', { class: 'registrant', 'data-label': 'Registrant' }, r.registrant || ''),
        h('td', { class: 'num', 'data-label': 'Closest' }, r.closest_nm !== undefined ? `${r.closest_nm.toFixed(1)} nm` : ''),
        h('td', { class: 'num', 'data-label': 'Lowest' }, r.min_altitude !== undefined ? `${r.min_altitude.toLocaleString('en')} ft` : ''),
        h('td', { class: 'mono', 'data-label': 'Rules' }, (r.matched_rules || []).join(', ')));
      const open = () => this.details(r, row);
      row.addEventListener('click', open);
      row.addEventListener('keydown', (e) => { if (e.key === 'Enter') open(); });
      return row;
    }));
  }

  // details shows every field of a flight, and a link to it on the user's tar1090.
  details(r, row) {
    for (const tr of $('#flights-rows').children) tr.classList.toggle('selected', tr === row);
    const when = (t) => (t ? this.at.full(new Date(t)) : '');
    const fields = [
      ['Address', r.icao_hex], ['Ident', r.ident], ['Registration', r.registration], ['Type', [r.type_designator, r.manufacturer_model].filter(Boolean).join(' · ')],
      ['Operator', r.operator ? [r.operator.name, r.operator.airline_designator].filter(Boolean).join(' · ') : ''],
      ['From', r.origin], ['To', r.destination], ['Registrant', r.registrant], ['Military', r.military ? 'yes' : ''],
      ['Watchlist', r.watchlist ? [r.watchlist.category, r.watchlist.list].filter(Boolean).join(' · ') : ''],
      ['First seen', when(r.first_seen)], ['Last seen', when(r.last_seen)], ['Messages', r.messages], ['Positions', r.positions],
      ['Altitude', [r.min_altitude, r.max_altitude].filter((v) => v !== undefined).map((v) => v.toLocaleString('en'))
        .filter((v, i, all) => all.indexOf(v) === i).join(' – ') + (r.min_altitude !== undefined || r.max_altitude !== undefined ? ' ft' : '')],
      ['Top speed', r.max_speed !== undefined ? `${r.max_speed} kt` : ''],
      ['Closest', r.closest_nm !== undefined ? `${r.closest_nm.toFixed(1)} nm at ${when(r.closest_at)}${r.closest_altitude !== undefined ? `, ${r.closest_altitude.toLocaleString('en')} ft` : ''}` : ''],
      ['Squawks', (r.squawks || []).join(', ')], ['Rules', (r.matched_rules || []).join(', ')], ['Sources', (r.receiver_sources || []).join(', ')],
    ].filter(([, v]) => v !== '' && v !== undefined && v !== null);
    $('#flights-details-title').textContent = `Flight ${r.ident || r.icao_hex}`;
    $('#flights-details-fields').replaceChildren(...fields.flatMap(([k, v]) => [h('dt', {}, k), h('dd', {}, String(v))]));
    const links = $('#flights-details-links');
    links.replaceChildren();
    if (this.tar1090 && !r.icao_hex.startsWith('~')) {
      links.append(h('a', { href: `${this.tar1090}/?icao=${encodeURIComponent(r.icao_hex.toLowerCase())}`, target: '_blank', rel: 'noopener', class: 'tar1090' }, 'Open in tar1090'));
    }
    $('#flights-details').hidden = false;
    $('#flights-details').scrollIntoView({ block: 'nearest' });
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
  }

  // csv downloads every row of the filters shown.
  async csv() {
    const p = this.params();
    try {
      const text = await api.flightsCSV(p);
      const url = URL.createObjectURL(new Blob([text], { type: 'text/csv' }));
      const a = h('a', { href: url, download: `flights-${p.from}.csv` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      this.failed(e);
    }
  }
}
