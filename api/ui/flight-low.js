// The "Low and close" view (CONTRACT.md 13.4): the flights of a range of days that came within
// N nm of home and at or below H ft at their closest point, in some hours of the day (23-07 wraps
// midnight), closest or lowest first: what a resident sends with a noise complaint. It reads
// as a report on screen and on paper (style.css's print rules: the filter in words, the counts
// per day, the table, no navigation), and the same filter downloads as CSV.
import { api, ApiError } from './api.js';
import { $, h } from './dom.js';
import { everyDay, hoursText, plural } from './flight-time.js';

// maxRows bounds the rows listed (the CSV has every one).
const maxRows = 5000;

const two = (n) => String(n).padStart(2, '0');

export class LowReport {
  // page is the Flights page: its range, zone and formats.
  constructor(page) {
    this.page = page;
    const low = page.config.low || {};
    for (const [sel, n] of [['#low-hour-from', 24], ['#low-hour-to', 25]]) { // up to 24:00, midnight at the day's end
      $(sel).replaceChildren(h('option', { value: '' }, 'any'), ...Array.from({ length: n }, (_, i) => h('option', { value: two(i) }, `${two(i)}:00`)));
    }
    if (low.nm) $('#low-nm').value = low.nm;
    if (low.ft) $('#low-ft').value = low.ft;
    $('#low-hint').textContent = low.nm || low.ft
      ? `The defaults are this server's LOW_NM (${low.nm ?? 'unset'} nm) and LOW_FT (${low.ft ?? 'unset'} ft).`
      : 'Set LOW_NM and LOW_FT on the server for default distance and height.';
    $('#low-filters').addEventListener('submit', (e) => { e.preventDefault(); page.changed(); });
    for (const sel of ['#low-hour-from', '#low-hour-to', '#low-sort']) $(sel).addEventListener('change', () => page.changed());
    $('#low-print').addEventListener('click', () => this.print());
    window.addEventListener('beforeprint', () => { if (page.view === 'low') { this.title = document.title; document.title = this.fileTitle || document.title; } });
    window.addEventListener('afterprint', () => { if (this.title) document.title = this.title; this.title = null; });
  }

  // apply sets the fields from the page's address (max_nm, max_alt, hours, sort).
  apply(params) {
    if (params.has('max_nm')) $('#low-nm').value = params.get('max_nm');
    if (params.has('max_alt')) $('#low-ft').value = params.get('max_alt');
    if (params.has('hours')) {
      const [a, b] = (params.get('hours') || '').split('-');
      $('#low-hour-from').value = /^\d\d$/.test(a || '') ? a : '';
      $('#low-hour-to').value = /^\d\d$/.test(b || '') ? b : '';
    }
    if (['closest', 'lowest'].includes(params.get('sort'))) $('#low-sort').value = params.get('sort');
  }

  // hours is "23-07", or '' for any hour (one end alone: from midnight, or up to the next).
  hours() {
    const a = $('#low-hour-from').value, b = $('#low-hour-to').value;
    return a || b ? `${a || '00'}-${b || '24'}` : '';
  }

  // filter is the view's own part of the query.
  filter() {
    const p = {};
    const nm = $('#low-nm').value.trim(), ft = $('#low-ft').value.trim();
    if (nm) p.max_nm = nm;
    if (ft) p.max_alt = ft;
    if (this.hours()) p.hours = this.hours();
    p.sort = $('#low-sort').value;
    return p;
  }

  // load fetches every row of the filter (up to maxRows) and draws the report.
  async load(gen) {
    const [from, to] = this.page.dates();
    const p = { ...this.page.rangeParams(), ...this.filter() };
    $('#low-csv').href = api.flightsCSVLink(p);
    $('#low-csv').setAttribute('download', `low-and-close-${from}${to !== from ? `-to-${to}` : ''}.csv`);
    this.fileTitle = `Low and close flights ${from}${to !== from ? ` to ${to}` : ''}`;
    $('#low-error').textContent = '';
    let rows = [], cursor = '';
    try {
      do {
        const page = await api.flights({ ...p, limit: 500, ...(cursor ? { cursor } : {}) });
        if (gen !== this.page.gen) return;
        rows = rows.concat(page.flights);
        cursor = page.next_cursor || '';
      } while (cursor && rows.length < maxRows);
      const perDay = cursor ? await this.countsFromStats(p) : null;
      if (gen !== this.page.gen) return;
      this.draw(rows, !!cursor, perDay, from, to);
    } catch (e) {
      if (gen !== this.page.gen) return;
      if (e instanceof ApiError && e.status === 422) {
        $('#low-error').textContent = [...e.fieldErrors].map(([k, m]) => `${k.replace(/^query\.?/, '') || 'query'}: ${m}`).join(' · ') || e.message;
        return;
      }
      this.page.failed(e);
    }
  }

  // countsFromStats are the server's counts per day, when there are more rows than listed.
  async countsFromStats(p) {
    const stats = await api.flightStats({ ...p, by: 'day' });
    return new Map(stats.map((s) => [s.key.slice(0, 10), s.flights]));
  }

  draw(rows, cut, perDay, from, to) {
    const at = this.page.at;
    const counts = perDay || new Map();
    if (!perDay) for (const r of rows) { const d = at.day(new Date(r.first_seen)); counts.set(d, (counts.get(d) || 0) + 1); }
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    const aircraft = new Set(rows.map((r) => r.icao_hex)).size;
    $('#low-title').textContent = `Low and close flights, ${from}${to !== from ? ` to ${to}` : ''}`;
    $('#low-words').textContent = this.words(from, to);
    $('#low-total').textContent = total ? `${plural(total, 'flight')}${cut ? '' : ` by ${aircraft.toLocaleString('en')} aircraft`}.` : 'No flight matched.';
    const weekday = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
    $('#low-days').replaceChildren(...everyDay(from, to).map((d) => h('li', { dataset: { day: d, flights: counts.get(d) || 0 }, class: counts.get(d) ? 'some' : 'none' },
      h('span', { class: 'day' }, `${weekday.format(new Date(`${d}T12:00:00Z`))} ${d}`), h('span', { class: 'count' }, String(counts.get(d) || 0)))));
    $('#low-rows').replaceChildren(...rows.map((r, i) => this.row(r, i)));
    $('#low-more').hidden = !cut;
    $('#low-more').textContent = cut ? `The first ${maxRows.toLocaleString('en')} flights are listed; the counts are every one's, and the CSV has them all.` : '';
    $('#low-foot').textContent = this.foot();
  }

  row(r, i) {
    const at = this.page.at;
    const when = r.closest_at || r.first_seen;
    const op = r.operator ? (r.operator.name || r.operator.airline_designator) : '';
    const route = r.origin || r.destination ? `${r.origin || '?'} → ${r.destination || '?'}` : '';
    const tr = h('tr', { tabindex: 0, dataset: { id: r.id } },
      h('td', { class: 'num' }, String(i + 1)),
      h('td', { class: 'mono' }, at.day(new Date(r.first_seen))),
      // The closest point's time, with its date when it is not the flight's day (a flight
      // across midnight): a complaint letter must not be a day out.
      h('td', { class: 'mono', title: r.closest_at ? 'the time of the closest point' : 'first seen (no closest point kept)' },
        at.day(new Date(when)) === at.day(new Date(r.first_seen)) ? at.seconds(new Date(when)) : `${at.day(new Date(when))} ${at.seconds(new Date(when))}`),
      h('td', { class: 'mono' }, r.ident || r.icao_hex), h('td', { class: 'mono' }, r.registration || ''), h('td', { class: 'mono' }, r.type_designator || ''),
      h('td', {}, op), h('td', {}, route),
      h('td', { class: 'num' }, r.closest_nm !== undefined ? `${r.closest_nm.toFixed(2)} nm` : ''),
      h('td', { class: 'num' }, r.closest_altitude !== undefined ? `${r.closest_altitude.toLocaleString('en')} ft` : ''),
      h('td', { class: 'num' }, r.min_altitude !== undefined ? `${r.min_altitude.toLocaleString('en')} ft` : ''));
    const open = () => this.page.details(r, tr);
    tr.addEventListener('click', open);
    tr.addEventListener('keydown', (e) => { if (e.key === 'Enter') open(); });
    return tr;
  }

  // words is the filter in a sentence, as it reads on paper.
  words(from, to) {
    const f = this.filter();
    const home = this.page.config.home;
    const where = home ? `home (${home.lat.toFixed(5)}, ${home.lon.toFixed(5)})` : 'home';
    const parts = [from === to ? `Flights first seen on ${from}` : `Flights first seen from ${from} to ${to}`];
    const near = [];
    if (f.max_nm) near.push(`within ${Number(f.max_nm).toLocaleString('en')} nm of ${where}`);
    if (f.max_alt) near.push(`at or below ${Number(f.max_alt).toLocaleString('en')} ft`);
    if (near.length) parts.push(`that came ${near.join(' and ')} at their closest point`);
    if (f.hours) parts.push(`first seen between ${hoursText(f.hours)}`);
    return `${parts.join(', ')}; ${f.sort === 'lowest' ? 'lowest' : 'closest'} first. Days and times are ${this.page.zone} (NOTIFY_TIMEZONE).`;
  }

  foot() {
    const home = this.page.config.home;
    return [`Made ${this.page.at.minute(new Date())} (${this.page.zone}) from the flight log of a receiver`,
      home ? ` at ${home.lat.toFixed(5)}, ${home.lon.toFixed(5)}` : '',
      '. Distances are each aircraft\'s closest approach to home as the receiver heard it (nm, 1 nm = 1,852 m); altitudes are as the aircraft reported them (ft, barometric).'].join('');
  }

  // print prints the report (its print style leaves out everything else).
  print() {
    window.print();
  }
}
