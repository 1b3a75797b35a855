// The receiver's reach as a polar plot (plain SVG): GET /api/coverage gives, per 10° sector of
// true bearing from home, the farthest kept track point (CONTRACT.md 13.4). Today's sectors
// are drawn over the last 30 days' so that a reach getting worse shows as a gap between them.
import { h } from './dom.js';

const svgNS = 'http://www.w3.org/2000/svg';
function svg(tag, attrs, text) {
  const el = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
  if (text !== undefined) el.textContent = text;
  return el;
}

const R = 180; // the plot's radius in the viewBox
const compass = [['N', 0], ['E', 90], ['S', 180], ['W', 270]];

// niceStep is a ring spacing giving 3 to 5 rings up to max nm.
function niceStep(max) {
  for (const s of [5, 10, 25, 50, 100, 150, 200, 250, 500]) if (max / s <= 5) return s;
  return 1000;
}

// point is where bearing b (degrees, clockwise from north) at radius r lands.
function point(b, r) {
  const a = (b * Math.PI) / 180;
  return [r * Math.sin(a), -r * Math.cos(a)];
}

// wedge is a 10° sector from the centre out to r.
function wedge(bearing, r) {
  const [x0, y0] = point(bearing, r), [x1, y1] = point(bearing + 10, r);
  const f = (v) => v.toFixed(2);
  return `M0,0 L${f(x0)},${f(y0)} A${f(r)},${f(r)} 0 0 1 ${f(x1)},${f(y1)} Z`;
}

// drawReach draws today's and the 30 days' sectors in el (an <svg>); open(id) is called when a
// sector is chosen (its farthest flight); at formats times. It returns the scale's top (nm).
export function drawReach(el, today, month, open, at) {
  const max = Math.max(1, ...today.map((s) => s.nm), ...month.map((s) => s.nm));
  const step = niceStep(max), top = Math.ceil(max / step) * step;
  const scale = (nm) => (nm / top) * R;
  const parts = [];
  const labels = [];
  for (let r = step; r <= top; r += step) {
    parts.push(svg('circle', { r: scale(r), class: 'ring' }));
    labels.push(svg('text', { x: 3, y: -scale(r) + 11, class: 'ring-label' }, `${r} nm`));
  }
  for (let b = 0; b < 360; b += 30) {
    const [x, y] = point(b, R);
    parts.push(svg('line', { x1: 0, y1: 0, x2: x.toFixed(2), y2: y.toFixed(2), class: 'spoke' }));
  }
  for (const [name, b] of compass) {
    const [x, y] = point(b, R + 14);
    parts.push(svg('text', { x: x.toFixed(2), y: (y + 5).toFixed(2), class: 'compass', 'text-anchor': 'middle' }, name));
  }
  for (const [cls, list, label] of [['month', month, 'Last 30 days'], ['today', today, 'Today']]) {
    for (const s of list) parts.push(sector(s, cls, label, scale, open, at));
  }
  parts.push(...labels, svg('circle', { r: 3, class: 'home-dot' })); // the distances over the wedges
  el.replaceChildren(...parts);
  return top;
}

// sector is one wedge, named and focusable: Enter or a click opens its farthest flight.
function sector(s, cls, label, scale, open, at) {
  const p = svg('path', { d: wedge(s.bearing, scale(s.nm)), class: `sector ${cls}`, 'data-bearing': s.bearing, 'data-nm': s.nm, tabindex: 0, role: 'button' });
  const alt = s.altitude !== undefined && s.altitude !== null ? `, ${s.altitude.toLocaleString('en')} ft` : '';
  const name = `${label}, ${s.bearing}–${s.bearing + 10}°: ${s.nm.toFixed(1)} nm${alt}${s.at ? ` at ${at.minute(new Date(s.at))}` : ''}`;
  p.setAttribute('aria-label', name);
  p.append(svg('title', {}, name));
  const go = () => { if (s.id !== undefined) open(s.id); };
  p.addEventListener('click', go);
  p.addEventListener('keydown', (e) => { if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); go(); } });
  return p;
}

// reachSummary says it in words: how many sectors heard and the farthest, today and over 30 days.
export function reachSummary(today, month) {
  const far = (list) => list.reduce((a, s) => (!a || s.nm > a.nm ? s : a), null);
  const say = (label, list) => {
    const f = far(list);
    if (!f) return `${label}: no position heard.`;
    return `${label}: ${list.length} of 36 sectors heard, the farthest ${f.nm.toFixed(1)} nm at ${f.bearing}–${f.bearing + 10}°.`;
  };
  return `${say('Today', today)} ${say('Last 30 days', month)}`;
}

// reachTable is the same as a table: per sector, today's and the 30 days' farthest.
export function reachTable(today, month) {
  const byB = (list) => new Map(list.map((s) => [s.bearing, s]));
  const t = byB(today), m = byB(month);
  const cell = (s) => h('td', { class: 'num' }, s ? `${s.nm.toFixed(1)} nm` : '—');
  const rows = [];
  for (let b = 0; b < 360; b += 10) {
    if (!t.has(b) && !m.has(b)) continue;
    rows.push(h('tr', {}, h('th', { scope: 'row' }, `${b}–${b + 10}°`), cell(t.get(b)), cell(m.get(b))));
  }
  return h('table', { class: 'matches-table reach-table' }, h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Bearing'), h('th', { scope: 'col' }, 'Today'), h('th', { scope: 'col' }, 'Last 30 days'))),
    h('tbody', {}, rows));
}
