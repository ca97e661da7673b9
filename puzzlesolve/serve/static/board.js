// What every board kind shares (kinds/*.js draw and mark one kind each): cell keys, the
// cell size, the grid of <div data-cell="R,C"> cells with their highlights, and small
// drawing helpers. What is drawn is given whole on every call (values, segments,
// highlights): the page's state lives in app.js, this module keeps none.
// Why not the SVG of puzzlesolve.drawing: marking needs one element per cell (the data-cell
// hooks, clicks, keys) and a redraw on every mark without asking the server; the board's
// clues come from the server's JSON, the marks from the page, so the puzzle's state has one
// copy. The SVG stays what "Download SVG" gives, drawn by the library from the same marks.

const SVG = "http://www.w3.org/2000/svg";

export const key = (r, c) => `${r},${c}`;
export const cellOf = (text) => text.split(",").map(Number);

// A segment between two neighbouring cells, written the same whichever end comes first.
export function segmentKey(a, b) {
  const [first, second] = (a[0] < b[0] || (a[0] === b[0] && a[1] < b[1])) ? [a, b] : [b, a];
  return `${first[0]},${first[1]}|${second[0]},${second[1]}`;
}

export function segmentCells(text) {
  return text.split("|").map(cellOf);
}

export const cellName = ([r, c]) => `r${r + 1}c${c + 1}`;

export const MIN_CELL = 24; // px: a cell a finger can hit; a larger board scrolls

// The cell size that fits the board in the room beside the solver's words (wide screens:
// in the window's height too), never below MIN_CELL.
export function cellSize(board, container) {
  const wide = window.innerWidth > 720;
  const play = document.getElementById("play");
  // the room less the wrap's padding and the board's frame (2 px each side)
  const wrap = container.parentElement;
  const padding = wrap ? parseFloat(getComputedStyle(wrap).paddingLeft) * 2 : 12;
  const across = (play ? play.clientWidth : window.innerWidth) - (wide ? 16 * 16 : 0) - padding - 4;
  // wide: the whole board in the window below its top (as the page opens, not scrolled)
  const top = container.getBoundingClientRect().top + window.scrollY;
  const down = wide ? window.innerHeight - top - 12 : Infinity;
  const fit = Math.floor(Math.min(across / board.cols, down / board.rows));
  return Math.max(MIN_CELL, Math.min(48, fit));
}

// The board's cells on `container`, `size` pixels each: a grid of rows for screen readers
// (the rows take no room: display: contents), the board's focus naming the cursor's cell
// (aria-activedescendant). `dress(cell, r, c)` draws a cell's own content and returns what
// a screen reader says of it; the highlights of `marks` and the cursor are added here.
export function drawCells(container, board, size, marks, cursor, dress) {
  container.replaceChildren();
  container.style.setProperty("--size", `${size}px`);
  container.style.gridTemplateColumns = `repeat(${board.cols}, var(--size))`;
  container.className = `board ${board.kind}`;
  container.setAttribute("role", "grid");
  container.setAttribute("aria-rowcount", board.rows);
  container.setAttribute("aria-colcount", board.cols);
  if (cursor) container.setAttribute("aria-activedescendant", `cell-${cursor[0]}-${cursor[1]}`);
  for (let r = 0; r < board.rows; r++) {
    const row = document.createElement("div");
    row.setAttribute("role", "row");
    row.className = "row";
    container.append(row);
    for (let c = 0; c < board.cols; c++) {
      const k = key(r, c);
      const cell = document.createElement("div");
      cell.dataset.cell = k;
      cell.id = `cell-${r}-${c}`;
      cell.setAttribute("role", "gridcell");
      cell.className = "cell";
      const label = dress(cell, r, c);
      for (const mark of ["conflict", "hint", "cited", "differ"]) {
        if (marks[mark] && marks[mark].has(k)) cell.classList.add(mark);
      }
      if (cursor && cursor[0] === r && cursor[1] === c) cell.classList.add("cursor");
      cell.setAttribute("aria-label", label);
      row.append(cell);
    }
  }
}

export const HIGHLIGHT_WORDS = {conflict: "conflict", hint: "the hint", cited: "cited", differ: "differs between solutions"};

// The highlights a screen reader hears after a cell's own words.
export function highlightWords(marks, k) {
  return Object.entries(HIGHLIGHT_WORDS).filter(([mark]) => marks[mark] && marks[mark].has(k)).map(([, word]) => word);
}

export function text(content) {
  const node = document.createElement("span");
  node.className = "v";
  node.textContent = content;
  return node;
}

export function span(className, content = "") {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = content;
  node.setAttribute("aria-hidden", "true");
  return node;
}

export function svg(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [attribute, value] of Object.entries(attributes)) node.setAttribute(attribute, value);
  return node;
}

// Black or white, whichever reads better on `fill` (as the SVG pictures choose).
export function readableOn(fill) {
  const [red, green, blue] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16) / 255);
  return 0.299 * red + 0.587 * green + 0.114 * blue > 0.6 ? "#1a1a1a" : "#ffffff";
}
