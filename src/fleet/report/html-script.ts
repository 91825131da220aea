/**
 * The fleet page's only script, inlined and allowed by its hash in the page's CSP. It sorts the
 * per-target table by a column (its header button) and filters its rows by text: it moves and
 * hides rows, reads their `data-v` sort keys and their text, and never writes markup, so nothing a
 * server supplied can become code.
 */
export const FLEET_SCRIPT = `
(() => {
  'use strict';
  const table = document.getElementById('target-table');
  const tools = document.getElementById('target-tools');
  const input = document.getElementById('target-filter');
  const shown = document.getElementById('target-shown');
  if (!table || !tools || !input || !shown) return;
  const body = table.tBodies[0];
  const rows = Array.from(body.rows);
  const text = rows.map((r) => r.textContent.toLowerCase());
  const filter = () => {
    const q = input.value.trim().toLowerCase();
    let n = 0;
    rows.forEach((r, i) => {
      const show = q === '' || text[i].includes(q);
      r.hidden = !show;
      if (show) n++;
    });
    shown.textContent = n + ' of ' + rows.length + ' shown';
  };
  const heads = Array.from(table.tHead.rows[0].cells);
  heads.forEach((th, col) => {
    const button = th.querySelector('button');
    if (!button) return;
    button.addEventListener('click', () => {
      const asc = th.getAttribute('aria-sort') !== 'ascending';
      for (const h of heads) h.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', asc ? 'ascending' : 'descending');
      const num = th.dataset.sort === 'num';
      const key = (r) => {
        const v = r.cells[col].dataset.v || '';
        return num ? Number(v) : v.toLowerCase();
      };
      const sorted = rows.slice().sort((a, b) => {
        const x = key(a);
        const y = key(b);
        const c = x < y ? -1 : x > y ? 1 : 0;
        return asc ? c : -c;
      });
      for (const r of sorted) body.appendChild(r);
    });
  });
  input.addEventListener('input', filter);
  tools.hidden = false;
  filter();
})();
`;
