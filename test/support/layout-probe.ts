// What the layout walk measures on a settled screen, run inside the page (no imports: it is serialized to the
// browser). One line per problem, naming the element so a finding can be found again.
export type LayoutProblem = string;

export function layoutProblems(): LayoutProblem[] {
  const problems: string[] = [];
  const width = window.innerWidth;
  const name = (el: Element) => {
    const id = el.id ? `#${el.id}` : '';
    const testId = el.getAttribute('data-testid');
    const cls = [...el.classList]
      .slice(0, 2)
      .map((c) => `.${c}`)
      .join('');
    const text = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
    return `${el.tagName.toLowerCase()}${id}${testId ? `[data-testid=${testId}]` : ''}${cls} "${text}"`;
  };
  const shown = (el: Element) => {
    const r = el.getBoundingClientRect();
    if (r.width <= 1 || r.height <= 1) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const scrollsX = (el: Element) => {
    const o = getComputedStyle(el).overflowX;
    return (o === 'auto' || o === 'scroll') && el.scrollWidth > el.clientWidth + 1;
  };
  /** The nearest ancestor that scrolls sideways, if any (a table there is read by scrolling, not clipped). */
  const scrollBox = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (scrollsX(p)) return p;
    return null;
  };

  // 1. The page itself never scrolls sideways.
  const doc = document.documentElement;
  if (doc.scrollWidth > width + 1) {
    // The deepest elements reaching past the right edge that are not inside a scroll box.
    const past = [...document.body.querySelectorAll('*')].filter(
      (el) => shown(el) && el.getBoundingClientRect().right > width + 1 && !scrollBox(el),
    );
    const leaves = past.filter((el) => !past.some((other) => other !== el && el.contains(other)));
    problems.push(
      `page is ${doc.scrollWidth}px wide at ${width}px: ${leaves.slice(0, 3).map(name).join('; ')}`,
    );
  }

  // 2. No header cell's text is clipped or sits under its neighbour, outside boxes that scroll with a hint.
  for (const row of document.querySelectorAll('thead tr')) {
    const cells = [...row.children].filter(shown);
    cells.forEach((th, i) => {
      if (scrollBox(th)) return;
      if (th.scrollWidth > th.clientWidth + 1) problems.push(`header clipped: ${name(th)}`);
      const next = cells[i + 1];
      if (next && th.getBoundingClientRect().right > next.getBoundingClientRect().left + 1)
        problems.push(`header overlaps the next one: ${name(th)} / ${name(next)}`);
      if (th.getBoundingClientRect().right > width + 1)
        problems.push(`header past the screen's edge: ${name(th)}`);
    });
  }
  // A column kept in view at the table's end (position: sticky) sits over other columns only while the table scrolls
  // sideways (and says so, below): a table that does not scroll has to fit beside it.
  for (const row of document.querySelectorAll('thead tr')) {
    const cells = [...row.children].filter(shown);
    for (const stuck of cells.filter(
      (c) => getComputedStyle(c).position === 'sticky' && getComputedStyle(c).right === '0px',
    )) {
      if (scrollBox(stuck)) continue;
      const edge = stuck.getBoundingClientRect().left;
      for (const other of cells)
        if (other !== stuck && other.getBoundingClientRect().right > edge + 1)
          problems.push(`header under the column kept in view: ${name(other)} / ${name(stuck)}`);
    }
  }
  // A table that scrolls says so (ListTable's "Scroll for more →" line right above its scroll box).
  for (const box of new Set([...document.querySelectorAll('table')].map(scrollBox))) {
    if (box && !box.previousElementSibling?.classList.contains('sd-scroll-hint'))
      problems.push(`table scrolls sideways with no hint: ${name(box)}`);
  }

  // 3. No cut-off content: a box that hides overflow without an ellipsis, and text wider than it.
  for (const el of document.body.querySelectorAll('td, th, dd, .card, .badge, .btn, h1, h2, h3, label')) {
    if (!shown(el) || scrollBox(el)) continue;
    const style = getComputedStyle(el);
    const hides = style.overflowX === 'hidden' || style.overflowX === 'clip';
    if (hides && style.textOverflow !== 'ellipsis' && el.scrollWidth > el.clientWidth + 1)
      problems.push(`content cut off: ${name(el)}`);
  }

  // 4. A single word or figure never breaks over two lines ("52,212.5 / 0", an address split mid-word).
  for (const el of document.body.querySelectorAll(
    'td, th, dd, dt, li, div, p, span, a, strong, h1, h2, h3, h4, h5',
  )) {
    if (el.children.length > 0 || !shown(el)) continue;
    const text = (el.textContent ?? '').trim();
    if (!text || /\s/.test(text) || text.length > 60) continue;
    const range = document.createRange();
    range.selectNodeContents(el);
    const lines = new Set(
      [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
    );
    // A hyphen or slash is a place to break ("ASPD-" / "AP01"); more lines than those allow is a mid-word break.
    const allowed = 1 + (text.match(/[-/]/g)?.length ?? 0);
    if (lines.size > allowed) problems.push(`a word breaks over ${lines.size} lines: ${name(el)}`);
  }

  // 5. Money always shows its cents ("$1,554.5" is a half-formatted figure).
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const found = /\$-?[\d,]+\.\d(?!\d)/.exec(node.textContent ?? '');
    if (found && node.parentElement && shown(node.parentElement))
      problems.push(`money without cents "${found[0]}": ${name(node.parentElement)}`);
  }
  return problems;
}
