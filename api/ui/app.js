// The management UI: four pages (#areas, #rules, #matches, #watchlists) over the management API. No build step, no
// request leaves the server: the libraries are vendored and embedded in the binary.
import { api, onTokenNeeded } from './api.js';
import { $, message } from './dom.js';
import { AreasPage } from './areas.js';
import { RulesPage } from './rules.js';
import { MatchesPage } from './matches.js';
import { FlightsPage } from './flights.js';
import { WatchlistsPage } from './watchlists.js';
import { setTar1090, setDataAttribution } from './map.js';

// askToken shows the sign-in dialog and resolves with the token typed in.
function askToken(error) {
  const dialog = $('#token-dialog');
  const form = $('#token-form');
  $('#token-error').textContent = error || '';
  $('#token-input').value = '';
  dialog.hidden = false;
  $('#token-input').focus();
  return new Promise((resolve) => {
    const submit = (e) => {
      e.preventDefault();
      const v = $('#token-input').value.trim();
      if (!v) {
        $('#token-error').textContent = 'Enter the API token.';
        return;
      }
      form.removeEventListener('submit', submit);
      dialog.hidden = true;
      resolve(v);
    };
    form.addEventListener('submit', submit);
  });
}

async function main() {
  onTokenNeeded(askToken);
  $('#problems-close').addEventListener('click', () => { $('#problems').hidden = true; });
  let config;
  try {
    config = await api.config();
  } catch (e) {
    message(`The server could not be reached: ${e.message}`, 'error');
    return;
  }
  setTar1090(config.tar1090_url);
  setDataAttribution(config.data_attribution);
  const pages = { areas: new AreasPage(config), rules: new RulesPage(config), matches: new MatchesPage(config), flights: new FlightsPage(config),
    watchlists: new WatchlistsPage(config) };
  const titles = { areas: 'Areas', rules: 'Rules', matches: 'Matches', flights: 'Flights', watchlists: 'Watchlists' };
  const show = async () => {
    // #page, or #page?key=value (the Matches of a rule: #matches?rule=ID; a rule's editor:
    // #rules?edit=ID).
    const [hashPage, query] = location.hash.slice(1).split('?');
    const name = Object.hasOwn(pages, hashPage) ? hashPage : 'areas';
    for (const k of Object.keys(pages)) {
      $(`#page-${k}`).hidden = k !== name;
      const tab = $(`#tab-${k}`);
      if (k === name) tab.setAttribute('aria-current', 'page');
      else tab.removeAttribute('aria-current');
    }
    document.title = `Tracker · ${titles[name]}`;
    await pages[name].show(new URLSearchParams(query || ''));
    document.body.dataset.ready = name; // for the browser tests: the page has loaded its data
  };
  window.addEventListener('hashchange', show);
  await show();
}

main();
