// Days, hours and times of the Flights page, all in NOTIFY_TIMEZONE (the server's
// config.time_zone) whatever the browser's zone: a flight belongs to the day and the hour it
// was first seen there, as the API, the CSV and the Home Assistant sensors count it.

// zoned formats dates in a zone: its day (YYYY-MM-DD), its clock time, a date and time, the
// hour of the day (0–23).
export function zoned(zone) {
  const make = (opts) => {
    try { return new Intl.DateTimeFormat('en-CA', { timeZone: zone, ...opts }); } catch { return new Intl.DateTimeFormat('en-CA', { timeZone: 'UTC', ...opts }); }
  };
  const day = make({ year: 'numeric', month: '2-digit', day: '2-digit' });
  const time = make({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const seconds = make({ hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const full = make({ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' });
  const part = (f, d, type) => f.formatToParts(d).find((p) => p.type === type).value;
  const ymd = (f, d) => `${part(f, d, 'year')}-${part(f, d, 'month')}-${part(f, d, 'day')}`;
  return {
    day: (d) => ymd(day, d),
    time: (d) => time.format(d),
    seconds: (d) => seconds.format(d),
    full: (d) => `${ymd(full, d)} ${part(full, d, 'hour')}:${part(full, d, 'minute')}:${part(full, d, 'second')}`,
    minute: (d) => `${ymd(full, d)} ${part(full, d, 'hour')}:${part(full, d, 'minute')}`,
  };
}

// addDays is a calendar date n days on (no zone: dates only).
export function addDays(day, n) {
  const [y, m, d] = day.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

// daysBetween is how many calendar days from a to b (b − a).
export function daysBetween(a, b) {
  const t = (s) => Date.UTC(...s.split('-').map((v, i) => Number(v) - (i === 1 ? 1 : 0)));
  return Math.round((t(b) - t(a)) / 86400000);
}

// rangeLengths are the ranges the page offers, in days; "custom" is any from/to.
export const rangeLengths = { day: 1, week: 7, month: 30 };

// dateRange is [from, to] (both days included) of a range ending on day.
export function dateRange(kind, day, from) {
  if (kind === 'custom') return from && from <= day ? [from, day] : [day, day];
  return [addDays(day, 1 - (rangeLengths[kind] || 1)), day];
}

// everyDay lists the dates from a to b, both included.
export function everyDay(a, b) {
  const out = [];
  for (let d = a; d <= b && out.length < 3700; d = addDays(d, 1)) out.push(d);
  return out;
}

// hoursText is "23:00–07:00" of hours=23-07, "" of none.
export function hoursText(hours) {
  if (!hours) return '';
  const [a, b] = hours.split('-');
  return `${a}:00–${b}:00`;
}

// plural is "1 flight", "2 flights".
export function plural(n, word) {
  return `${n.toLocaleString('en')} ${word}${n === 1 ? '' : 's'}`;
}
