// Drawing the board from the server's JSON: one <div data-cell="R,C"> per cell in a CSS
// grid, and for Numberlink an SVG layer with the lines and endpoints on top of it.
// What is drawn is given whole on every call (values, segments, highlights): the page's
// state lives in app.js, this module keeps none.
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

// Numberlink: the label each cell's line carries, spread from the endpoints (and cells
// marked with a label) along the drawn segments, nearest source first. This is how the
// page's lines become an answer (a label per cell, as answer files write them).
export function lineLabels(board, values, segments) {
  const label = new Map();
  const queue = [];
  board.cells.forEach((row, r) => row.forEach((clue, c) => {
    if (clue !== null) { label.set(key(r, c), clue); queue.push([r, c]); }
  }));
  for (const [cell, value] of values) {
    if (value !== "-" && !label.has(cell)) { label.set(cell, value); queue.push(cellOf(cell)); }
  }
  const neighbours = new Map();
  for (const segment of segments) {
    const [a, b] = segmentCells(segment);
    for (const [from, to] of [[a, b], [b, a]]) {
      const k = key(...from);
      if (!neighbours.has(k)) neighbours.set(k, []);
      neighbours.get(k).push(to);
    }
  }
  for (let i = 0; i < queue.length; i++) {
    const here = key(...queue[i]);
    for (const next of neighbours.get(here) || []) {
      const k = key(...next);
      if (!label.has(k)) { label.set(k, label.get(here)); queue.push(next); }
    }
  }
  return label;
}

// Numberlink: segments joining neighbouring cells that carry the same label (how cell
// values alone, e.g. an explanation's, are drawn).
export function joins(board, labels) {
  const segments = new Set();
  for (const [cell, label] of labels) {
    if (label === "-") continue;
    const [r, c] = cellOf(cell);
    for (const [dr, dc] of [[0, 1], [1, 0]]) {
      if (labels.get(key(r + dr, c + dc)) === label) segments.add(segmentKey([r, c], [r + dr, c + dc]));
    }
  }
  return segments;
}

// The drawn segments whose two cells carry different labels: a line joining two numbers,
// which a label per cell (the answer's form) cannot say.
export function joiningTwo(labels, segments) {
  return [...segments].filter((segment) => {
    const [a, b] = segmentCells(segment).map((cell) => labels.get(key(...cell)));
    return a !== undefined && b !== undefined && a !== b;
  });
}

export const cellName = ([r, c]) => `r${r + 1}c${c + 1}`;

export const MIN_CELL = 24; // px: a cell a finger can hit; a larger board scrolls

// The cell size that fits the board in the room beside the solver's words (wide screens:
// in the window's height too), never below MIN_CELL.
export function cellSize(board, container) {
  const wide = window.innerWidth > 720;
  const play = document.getElementById("play");
  const across = (play ? play.clientWidth : window.innerWidth) - (wide ? 16 * 16 : 0) - 12;
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

// Draw `display` = {values: Map, segments: Set, thin: bool} with `marks` =
// {conflict, hint, cited, differ: Set of "r,c"} and the cursor on `container`.
export function render(container, board, display, marks, cursor) {
  const size = cellSize(board, container);
  const labels = board.kind === "lines"
    ? lineLabels(board, display.values, display.segments) : null;
  drawCells(container, board, size, marks, cursor, (cell, r, c) => {
    const k = key(r, c);
    const clue = board.cells[r][c];
    const value = display.values.get(k);
    if (board.kind === "shade") {
      if (clue !== null) cell.append(text(String(clue)));
      if (clue !== null && String(clue).length > 2) cell.classList.add("long");
      if (value === "shaded") cell.classList.add("shaded");
      if (value === "unshaded") {
        cell.classList.add("unshaded");
        // Hitori circles a cell kept white; Nurikabe dots it (its numbers are white already)
        if (board.unshaded === "ring") cell.append(span("ring"));
        else if (clue === null) cell.append(span("dot"));
      }
    } else if (board.kind === "numbers") {
      if (board.boxes) {  // Sudoku: a thick line after the last row and column of a box
        const [height, width] = board.boxes;
        if ((c + 1) % width === 0 && c + 1 < board.cols) cell.classList.add("box-right");
        if ((r + 1) % height === 0 && r + 1 < board.rows) cell.classList.add("box-bottom");
      }
      if (clue === "#") cell.classList.add("void");
      else if (clue !== null) { cell.classList.add("given"); cell.append(text(String(clue))); }
      else if (value !== undefined) { cell.classList.add("filled"); cell.append(text(String(value))); }
      const shown = clue !== null && clue !== "#" ? clue : value;
      if (shown !== undefined && shown !== null && String(shown).length > 2) cell.classList.add("long");
    } else if (board.kind === "lines") {
      if (clue !== null) cell.classList.add("endpoint");
      if (value === "-" && !labels.has(k)) { cell.classList.add("empty"); cell.append(span("cross", "×")); }
    }
    return cellLabel(board, r, c, display, labels, marks);
  });
  if (board.kind === "lines") container.append(lines(board, display, labels, size, marks));
}

const HIGHLIGHT_WORDS = {conflict: "conflict", hint: "the hint", cited: "cited", differ: "differs between solutions"};
const DIRECTIONS = [[-1, 0, "up"], [1, 0, "down"], [0, -1, "left"], [0, 1, "right"]];

// What a screen reader says of a cell: "r3c4, 5, shaded", "r1c2, 14", "r2c2, line 1, up
// and right", then its highlights ("conflict", "the hint").
export function cellLabel(board, r, c, display, labels, marks) {
  const k = key(r, c);
  const clue = board.cells[r][c];
  const value = display.values.get(k);
  const words = [cellName([r, c])];
  if (board.kind === "shade") {
    if (clue !== null) words.push(String(clue));
    words.push(value === "shaded" ? "shaded" : value === "unshaded" ? "unshaded" : "not marked");
  } else if (board.kind === "numbers") {
    if (clue === "#") words.push("not part of the puzzle");
    else if (clue !== null) words.push(`${clue}, given`);
    else words.push(value === undefined ? "empty" : String(value));
  } else {
    if (clue !== null) words.push(`end of line ${clue}`);
    const ways = DIRECTIONS.filter(([dr, dc]) => display.segments.has(segmentKey([r, c], [r + dr, c + dc])))
      .map(([, , name]) => name);
    if (ways.length) words.push(`${clue === null && labels.has(k) ? `line ${labels.get(k)}, ` : ""}goes ${ways.join(" and ")}`);
    else if (value === "-") words.push("no line");
    else if (clue === null && value !== undefined) words.push(`line ${value}`);
    else if (clue === null) words.push("empty");
  }
  for (const [mark, word] of Object.entries(HIGHLIGHT_WORDS)) {
    if (marks[mark] && marks[mark].has(k)) words.push(word);
  }
  return words.join(", ");
}

function text(content) {
  const node = document.createElement("span");
  node.className = "v";
  node.textContent = content;
  return node;
}

function span(className, content = "") {
  const node = document.createElement("span");
  node.className = className;
  node.textContent = content;
  node.setAttribute("aria-hidden", "true");
  return node;
}

function svg(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [attribute, value] of Object.entries(attributes)) node.setAttribute(attribute, value);
  return node;
}

function lines(board, display, labels, size, marks) {
  const layer = svg("svg", {
    class: "lines", width: board.cols * size, height: board.rows * size,
    viewBox: `0 0 ${board.cols * size} ${board.rows * size}`, "aria-hidden": "true",
  });
  const centre = ([r, c]) => [(c + 0.5) * size, (r + 0.5) * size];
  const colour = (label) => (label && board.colours[label]) || "#757575";
  const width = (display.thin ? 0.16 : 0.3) * size;
  const touched = new Set();
  for (const segment of display.segments) {
    const [a, b] = segmentCells(segment);
    const [x1, y1] = centre(a);
    const [x2, y2] = centre(b);
    touched.add(key(...a)).add(key(...b));
    const [from, to] = [labels.get(key(...a)), labels.get(key(...b))];
    const joinsTwo = from !== undefined && to !== undefined && from !== to;
    layer.append(svg("line", {
      x1, y1, x2, y2, stroke: joinsTwo ? "#757575" : colour(from), "stroke-width": width,
      "stroke-linecap": "round", class: joinsTwo ? "segment joins-two" : "segment",
      "data-segment": segment, ...(joinsTwo ? {"stroke-dasharray": `${width} ${width}`} : {}),
    }));
  }
  // drawn segments in a conflict: a red dashed band over the line (shape and colour)
  for (const segment of marks.conflictSegments || []) {
    const [[x1, y1], [x2, y2]] = segmentCells(segment).map(centre);
    layer.append(svg("line", {
      x1, y1, x2, y2, stroke: "#c62828", "stroke-width": Math.max(3, 0.12 * size),
      "stroke-dasharray": `${0.2 * size} ${0.1 * size}`, class: "segment conflict-segment",
      "data-segment": segment,
    }));
  }
  // segments a step says are not drawn: a small cross where the segment would be
  for (const segment of marks.offSegments || []) {
    const [[x1, y1], [x2, y2]] = segmentCells(segment).map(centre);
    const [x, y, arm] = [(x1 + x2) / 2, (y1 + y2) / 2, 0.12 * size];
    const cross = svg("path", {
      d: `M${x - arm} ${y - arm}L${x + arm} ${y + arm}M${x - arm} ${y + arm}L${x + arm} ${y - arm}`,
      stroke: "#e65100", "stroke-width": Math.max(2, 0.06 * size), "stroke-linecap": "round",
      class: "off-segment", "data-segment": segment,
    });
    layer.append(cross);
  }
  for (const [cell, value] of display.values) {
    if (value === "-" || touched.has(cell)) continue;
    const [x, y] = centre(cellOf(cell));
    layer.append(svg("circle", {cx: x, cy: y, r: 0.14 * size, fill: colour(value)}));
  }
  board.cells.forEach((row, r) => row.forEach((label, c) => {
    if (label === null) return;
    const [x, y] = centre([r, c]);
    layer.append(svg("circle", {cx: x, cy: y, r: 0.38 * size, fill: colour(label), stroke: "#fff", "stroke-width": 2}));
    const name = svg("text", {
      x, y, "text-anchor": "middle", "dominant-baseline": "central",
      "font-size": 0.42 * size, "font-weight": "bold", fill: readableOn(colour(label)),
    });
    name.textContent = label;
    layer.append(name);
  }));
  return layer;
}

// Black or white, whichever reads better on `fill` (as the SVG pictures choose).
function readableOn(fill) {
  const [red, green, blue] = [1, 3, 5].map((i) => parseInt(fill.slice(i, i + 2), 16) / 255);
  return 0.299 * red + 0.587 * green + 0.114 * blue > 0.6 ? "#1a1a1a" : "#ffffff";
}
