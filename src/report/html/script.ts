/**
 * The report's only script, inlined and allowed by its hash in the CSP. It
 * reveals the filter bar and toggles classes and aria-pressed; it never reads
 * report text or writes markup, so evidence cannot reach it.
 */
export const SCRIPT = `
(() => {
  'use strict';
  const bar = document.getElementById('filters');
  if (!bar) return;
  const selected = { severity: new Set(), family: new Set() };
  const items = Array.from(document.querySelectorAll('[data-filter-item]'));
  const shown = document.getElementById('filter-shown');
  const update = () => {
    for (const b of bar.querySelectorAll('button[data-dim]')) {
      const set = selected[b.dataset.dim];
      const on = b.dataset.value === '*' ? set.size === 0 : set.has(b.dataset.value);
      b.setAttribute('aria-pressed', on ? 'true' : 'false');
    }
    let visible = 0;
    for (const el of items) {
      const ok = (dim) => selected[dim].size === 0 || selected[dim].has(el.dataset[dim]);
      const show = ok('severity') && ok('family');
      el.classList.toggle('filtered-out', !show);
      if (show) visible++;
    }
    if (shown) shown.textContent = visible + ' of ' + items.length + ' shown';
  };
  bar.addEventListener('click', (ev) => {
    const b = ev.target instanceof Element ? ev.target.closest('button[data-dim]') : null;
    if (!b) return;
    const set = selected[b.dataset.dim];
    const value = b.dataset.value;
    if (value === '*') set.clear();
    else if (set.has(value)) set.delete(value);
    else set.add(value);
    update();
  });
  bar.hidden = false;
  update();
})();
`;
