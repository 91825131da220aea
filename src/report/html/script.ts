/**
 * The report's only script, inlined and allowed by its hash in the CSP. It
 * reveals the filter bar, toggles classes and aria-pressed, rewrites the counts the
 * filters affect (digits only), and keeps an opened exchange clear of the sticky bar;
 * it never reads report text or writes markup, so evidence cannot reach it.
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
    const filtering = selected.severity.size + selected.family.size > 0;
    for (const c of document.querySelectorAll('.count[data-total]')) {
      const scope = c.closest('details.reason-group, section');
      if (!scope) continue;
      const n = Array.from(scope.querySelectorAll('[data-filter-item]:not(tr)')).filter(
        (el) => !el.classList.contains('filtered-out'),
      ).length;
      c.textContent = filtering ? n + ' of ' + c.dataset.total : c.dataset.total;
    }
  };
  const barHeight = () => {
    document.documentElement.style.setProperty('--bar-h', bar.offsetHeight + 8 + 'px');
  };
  window.addEventListener('resize', barHeight);
  // An exchange opened under the sticky bar scrolls down until its top clears the bar.
  document.addEventListener(
    'toggle',
    (ev) => {
      const d = ev.target;
      if (!(d instanceof HTMLDetailsElement) || !d.open || !d.classList.contains('exchange')) return;
      const hidden = bar.getBoundingClientRect().bottom - d.getBoundingClientRect().top;
      if (hidden > 0) window.scrollBy(0, -hidden - 8);
    },
    true,
  );
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
  barHeight();
  update();
})();
`;
