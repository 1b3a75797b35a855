// The Matches page: the newest rule notifications the server saw on Tracker/rule/+ (from the
// message processors or tracker-rules watch), with a rule filter.
import { api } from './api.js';
import { $, h, message } from './dom.js';

export class MatchesPage {
  constructor() {
    $('#matches-rule').addEventListener('change', () => this.reload());
    $('#matches-refresh').addEventListener('click', () => this.reload());
  }

  async show() { await this.reload(); }

  async reload() {
    const rule = $('#matches-rule').value;
    let got;
    try {
      got = await api.matches(rule);
    } catch (e) {
      message(`Matches could not be loaded: ${e.message}`, 'error');
      return;
    }
    const note = $('#matches-note');
    note.hidden = got.matches.length > 0 && got.mqtt === 'connected';
    if (got.mqtt === 'off') {
      note.textContent = 'No matches can be shown: this server has no MQTT broker configured (set MQTT_HOST for tracker-config-api to see the notifications of every rule here).';
    } else if (got.mqtt === 'down') {
      note.textContent = 'The MQTT broker cannot be reached right now; these are the matches seen before it went away.';
    } else {
      note.textContent = rule ? `No notification of rule ${rule} seen since the server started.` : 'No rule notification seen since the server started.';
    }
    this.fillRules(got.matches);
    $('#matches-rows').replaceChildren(...got.matches.map((m) => {
      const n = m.notification && typeof m.notification === 'object' ? m.notification : {};
      const ac = n.aircraft || {};
      const op = n.operator || {};
      return h('tr', { dataset: { rule: m.rule } },
        h('td', { class: 'mono' }, m.rule),
        h('td', {}, new Date(m.received).toLocaleString()),
        h('td', { class: 'mono' }, [ac.icao_hex, ac.registration].filter(Boolean).join(' · ')),
        h('td', { class: 'mono' }, n.ident || ''),
        h('td', {}, op.name || op.airline_designator || ''));
    }));
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
