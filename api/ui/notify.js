// "When to tell me": a rule's notify (CONTRACT.md 10.1) as a form, with its plain-words
// summary ("Quiet 23:00–07:00 Europe/London, every day; each aircraft at most once every
// 12 h") kept up to date as it is edited; and a match's delivery (sent, or held and why) in
// words.
import { $, h } from './dom.js';

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const DAY_NAMES = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

const REASONS = { muted: 'muted', quiet_hours: 'quiet hours', cooldown: 'cooldown', rate_limit: 'hourly limit' };

// deliveryText is a match's delivery in words: "sent", "held: quiet hours until 07:00".
export function deliveryText(d) {
  if (!d || d.state !== 'held') return 'sent';
  const until = d.until ? ` until ${new Date(d.until).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })}` : '';
  return `held: ${REASONS[d.reason] || d.reason}${until}`;
}

function hours(min) {
  if (min % 1440 === 0) return `${min / 1440} d`;
  if (min % 60 === 0) return `${min / 60} h`;
  return `${min} min`;
}

function daysText(days) {
  if (!days || days.length === 0 || days.length === 7) return 'every day';
  const set = new Set(days);
  if (set.size === 5 && ['mon', 'tue', 'wed', 'thu', 'fri'].every((d) => set.has(d))) return 'weekdays';
  if (set.size === 2 && set.has('sat') && set.has('sun')) return 'weekends';
  return DAYS.filter((d) => set.has(d)).map((d) => DAY_NAMES[d]).join(', ');
}

// summary is a notify object in plain words; "" when it asks for nothing (everything is told).
export function summary(n) {
  if (!n) return 'Every match is told at once, on every channel.';
  const parts = [];
  const zone = n.timezone || 'the server\'s time zone';
  for (const w of n.quiet_hours || []) parts.push(`quiet ${w.from}–${w.to} ${zone}, ${daysText(w.days)}`);
  if (n.cooldown_minutes) parts.push(`each aircraft at most once every ${hours(n.cooldown_minutes)}`);
  if (n.max_per_hour) parts.push(`at most ${n.max_per_hour} an hour`);
  if (n.channels && n.channels.length) parts.push(`only on ${n.channels.join(', ')}`);
  if (parts.length === 0) return 'Every match is told at once, on every channel.';
  let text = parts.join('; ');
  text = text[0].toUpperCase() + text.slice(1);
  text += n.emergency_bypass === false ? '. Emergencies are held like any match.' : '. Emergencies (7500, 7600, 7700) are always told.';
  return text;
}

// NotifyEditor fills the "When to tell me" fieldset from a rule and reads it back.
export class NotifyEditor {
  constructor() {
    this.windows = $('#notify-windows');
    $('#notify-add-window').addEventListener('click', () => {
      // Quiet hours are the user's own: the browser's zone unless one is chosen.
      if (!$('#notify-timezone').value.trim()) $('#notify-timezone').value = Intl.DateTimeFormat().resolvedOptions().timeZone || '';
      this.addWindow({ from: '23:00', to: '07:00' });
      this.update();
    });
    $('#notify-fieldset').addEventListener('input', () => this.update());
    $('#notify-fieldset').addEventListener('change', () => this.update());
  }

  set(n) {
    n = n || {};
    $('#notify-timezone').value = n.timezone || '';
    $('#notify-cooldown').value = n.cooldown_minutes ? String(n.cooldown_minutes / 60) : '';
    $('#notify-rate').value = n.max_per_hour ?? '';
    $('#notify-bypass').checked = n.emergency_bypass !== false;
    $('#notify-channels').value = (n.channels || []).join(', ');
    this.windows.replaceChildren();
    for (const w of n.quiet_hours || []) this.addWindow(w);
    this.update();
  }

  addWindow(w) {
    const from = h('input', { type: 'time', value: w.from || '', 'aria-label': 'Quiet from' });
    const to = h('input', { type: 'time', value: w.to || '', 'aria-label': 'Quiet until' });
    const days = new Set(w.days || []);
    const boxes = DAYS.map((d) => h('input', { type: 'checkbox', value: d, checked: days.has(d) }));
    const li = h('li', { class: 'quiet-window' },
      'from ', from, ' to ', to, ' ',
      h('span', { class: 'multi', role: 'group', 'aria-label': 'Days the window starts (none: every day)' },
        boxes.map((b) => h('label', { class: 'check' }, b, ' ', DAY_NAMES[b.value]))),
      h('button', { type: 'button', class: 'remove', onclick: () => { li.remove(); this.renumber(); this.update(); } }, 'Remove'),
      h('div', { class: 'field-error', dataset: { loc: '' } }));
    li.read = () => {
      const out = { from: from.value, to: to.value };
      const chosen = boxes.filter((b) => b.checked).map((b) => b.value);
      if (chosen.length) out.days = chosen;
      return out;
    };
    this.windows.append(li);
    this.renumber();
  }

  renumber() {
    [...this.windows.children].forEach((li, i) => { li.querySelector('.field-error').dataset.loc = `notify.quiet_hours.${i}`; });
  }

  // get is the notify object, or undefined when the form asks for nothing (the rule then
  // carries no notify: the original's behaviour, byte for byte).
  get() {
    const n = {};
    const zone = $('#notify-timezone').value.trim();
    if (zone) n.timezone = zone;
    const windows = [...this.windows.children].map((li) => li.read());
    if (windows.length) n.quiet_hours = windows;
    const cool = $('#notify-cooldown').value.trim();
    if (cool !== '') n.cooldown_minutes = Math.round(Number(cool) * 60);
    const rate = $('#notify-rate').value.trim();
    if (rate !== '') n.max_per_hour = Number(rate);
    if (!$('#notify-bypass').checked) n.emergency_bypass = false;
    const channels = $('#notify-channels').value.split(/[\s,]+/).filter(Boolean);
    if (channels.length) n.channels = channels;
    return Object.keys(n).length ? n : undefined;
  }

  update() {
    $('#notify-summary').textContent = summary(this.get());
  }
}
