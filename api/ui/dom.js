import { ApiError } from './api.js';

// Small DOM helpers. Every text from the server (names, identifiers, descriptions, error
// messages) goes through textContent or value: never parsed as HTML.

// h builds an element: h('button', {type: 'button', onclick}, 'Save', child...).
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k in el && typeof v !== 'string') el[k] = v;
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export const $ = (sel, root = document) => root.querySelector(sel);

// Messages at the top of the page: info (polite) or error (assertive).
export function message(text, kind = 'info') {
  const box = $('#messages');
  box.replaceChildren(h('p', { class: kind, role: kind === 'error' ? 'alert' : null }, text));
  if (kind === 'info') {
    const mine = box.firstChild;
    setTimeout(() => { if (box.firstChild === mine) box.replaceChildren(); }, 6000);
  }
}

// showErrors puts an ApiError next to the fields it concerns (422 loc paths) or in the
// form's error box; clearErrors empties them. Nothing in the form is touched.
export function showErrors(form, err) {
  clearErrors(form);
  const fields = err.fieldErrors;
  const general = [];
  if (fields && fields.size > 0) {
    for (const [loc, msg] of fields) {
      const slot = form.querySelector(`[data-loc="${CSS.escape(loc)}"]`)
        || form.querySelector(`[data-loc="${CSS.escape(loc.split('.').slice(0, 3).join('.'))}"]`)
        || form.querySelector(`[data-loc="${CSS.escape(loc.split('.')[0])}"]`);
      if (slot) {
        slot.textContent = msg;
        const input = slot.previousElementSibling && slot.previousElementSibling.querySelector('input,select,textarea');
        if (input) input.setAttribute('aria-invalid', 'true');
      } else {
        general.push(`${loc}: ${msg}`);
      }
    }
  } else {
    general.push(err.message);
  }
  form.querySelector('.form-error').textContent = general.join(' · ');
}

export function clearErrors(form) {
  for (const el of form.querySelectorAll('.field-error, .form-error')) el.textContent = '';
  for (const el of form.querySelectorAll('[aria-invalid]')) el.removeAttribute('aria-invalid');
}

// download saves data as a JSON file.
export function download(name, data) {
  const type = name.endsWith('.geojson') ? 'application/geo+json' : 'application/json';
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2) + '\n'], { type }));
  const a = h('a', { href: url, download: name });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// showProblems lists every problem of a refused import.
export function showProblems(title, problems) {
  $('#problems-title').textContent = title;
  $('#problems-list').replaceChildren(...problems.map((p) => h('li', {}, p)));
  $('#problems').hidden = false;
  $('#problems-close').focus();
}

// readJSONFile reads a chosen file as JSON.
export async function readJSONFile(file) {
  const text = await file.text();
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new Error(`${file.name} is not valid JSON: ${e.message}`);
  }
}

// importFile imports a whole set from the chosen JSON file: checked first (a dry run), every
// problem listed and nothing written, or, once confirmed, the set replaced.
export async function importFile(input, what, send, count, after) {
  const file = input.files[0];
  input.value = '';
  if (!file) return;
  try {
    const set = await readJSONFile(file);
    const check = await send(set, true);
    if (check.problems.length > 0) return showProblems(`Import of ${file.name} refused`, check.problems);
    const n = count(set);
    if (!window.confirm(`Replace all ${what} with the ${n} of ${file.name}?`)) return;
    await send(set, false);
    message(`Imported ${n} ${what} from ${file.name}.`);
    await after();
  } catch (e) {
    if (e instanceof ApiError && e.body && Array.isArray(e.body.problems)) return showProblems(`Import of ${file.name} refused`, e.body.problems);
    message(`Import failed: ${e.message}`, 'error');
    if (e.status === 412) await after();
  }
}

// webLink is url when it is an absolute http(s) URL, else '' (CONTRACT.md 11.4: nothing else is
// ever rendered as a link, whatever a list or a store holds).
export function webLink(url) {
  if (typeof url !== 'string') return '';
  try {
    const u = new URL(url);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.host ? u.href : '';
  } catch {
    return '';
  }
}
