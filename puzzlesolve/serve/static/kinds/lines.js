// Lines (Numberlink): drag from cell to cell to draw a line, over it again to erase; a
// click on an empty cell marks it "no line". The marks: segments drawn ("r,c|r2,c2") and
// values "r,c" -> "-" (no line) or a label a hint decided. Drawn over the cells: an SVG
// layer with the lines in their labels' colours and the endpoints.

import {
  cellName, cellOf, cellSize, drawCells, highlightWords, key, readableOn, segmentCells, segmentKey, span, svg,
} from "../board.js";
import {base, setValue} from "./common.js";

// Numberlink: the label each cell's line carries, spread from the endpoints (and cells
// marked with a label) along the drawn segments, nearest source first. This is how the
// page's lines become an answer (a label per cell, as answer files write them).
function lineLabels(board, values, segments) {
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
function joins(board, labels) {
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


const DIRECTIONS = [[-1, 0, "up"], [1, 0, "down"], [0, -1, "left"], [0, 1, "right"]];

// What a screen reader says of a cell: "r2c2, line 1, goes up and right", then its highlights.
function cellLabel(board, r, c, display, labels, highlights) {
  const k = key(r, c);
  const clue = board.cells[r][c];
  const value = display.values.get(k);
  const words = [cellName([r, c])];
  if (clue !== null) words.push(`end of line ${clue}`);
  const ways = DIRECTIONS.filter(([dr, dc]) => display.segments.has(segmentKey([r, c], [r + dr, c + dc])))
    .map(([, , name]) => name);
  if (ways.length) words.push(`${clue === null && labels.has(k) ? `line ${labels.get(k)}, ` : ""}goes ${ways.join(" and ")}`);
  else if (value === "-") words.push("no line");
  else if (clue === null && value !== undefined) words.push(`line ${value}`);
  else if (clue === null) words.push("empty");
  return [...words, ...highlightWords(highlights, k)].join(", ");
}

function toggleCross(page, cell) {
  const board = page.state.puzzle.board;
  const [r, c] = cellOf(cell);
  if (board.cells[r][c] !== null) return;
  page.change((marks) => setValue(marks, cell, marks.values.get(cell) === "-" ? undefined : "-"));
}

function toggleSegment(page, a, b, mode) {
  const k = segmentKey(a, b);
  const has = page.state.marks.segments.has(k);
  const drawing = mode ? mode === "draw" : !has;
  if (drawing === has) return drawing ? "draw" : "erase";
  page.change((marks) => {
    if (drawing) {
      marks.segments.add(k);
      for (const cell of [a, b]) if (marks.values.get(key(...cell)) === "-") marks.values.delete(key(...cell));
    } else {
      marks.segments.delete(k);
    }
  });
  return drawing ? "draw" : "erase";
}

// The segments a step decides to be drawn (a Numberlink step may decide segments only).
function drawnSegments(step) {
  return (step.segments || []).filter((segment) => segment.drawn).map((segment) => segmentKey(...segment.cells));
}

// The segments a step decides are not drawn: a small cross on the board.
function undrawnSegments(step) {
  return new Set((step.segments || []).filter((segment) => segment.cells && !segment.drawn).map((segment) => segmentKey(...segment.cells)));
}

let drag = null; // {last, mode, moved}

export default {
  ...base,
  kinds: ["lines"],
  how: () => "Drag from cell to cell to draw a line (drag over it again to erase); click an empty cell to mark it \"no line\".",

  render(container, board, display, highlights, cursor) {
    const size = cellSize(board, container);
    const labels = lineLabels(board, display.values, display.segments);
    drawCells(container, board, size, highlights, cursor, (cell, r, c) => {
      const k = key(r, c);
      if (board.cells[r][c] !== null) cell.classList.add("endpoint");
      if (display.values.get(k) === "-" && !labels.has(k)) { cell.classList.add("empty"); cell.append(span("cross", "×")); }
      return cellLabel(board, r, c, display, labels, highlights);
    });
    container.append(lines(board, display, labels, size, highlights));
  },

  // The marks as check and hint judge them: the cells' own marks ("-": no line; a label a
  // hint decided) and the segments drawn: the lines are judged as drawn (a loop, a branch,
  // a line joining two numbers).
  answer(_board, marks) {
    const values = [...marks.values].map(([cell, value]) => [...cellOf(cell), value]);
    const segments = [...marks.segments].map((segment) => ({segment: segmentCells(segment), on: true}));
    return {answer: values, segments};
  },

  // The marks as a picture shows them: the lines as the label of each cell they reach.
  picture(board, marks) {
    const labels = lineLabels(board, marks.values, marks.segments);
    const decided = [...labels].map(([cell, label]) => [...cellOf(cell), label]);
    for (const [cell, value] of marks.values) {
      if (value === "-" && !labels.has(cell)) decided.push([...cellOf(cell), "-"]);
    }
    return {answer: decided};
  },

  pointerDown(event, page, cell) {
    if (!cell) return;
    drag = {last: cell, mode: null, moved: false};
    page.beginGesture();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  },

  pointerMove(event, page) {
    if (!drag) return;
    const cell = page.cellAt(event);
    if (!cell) return;
    let [r, c] = drag.last;
    // a fast drag may skip cells: walk there one neighbour at a time, rows first
    while (r !== cell[0] || c !== cell[1]) {
      const next = r !== cell[0] ? [r + Math.sign(cell[0] - r), c] : [r, c + Math.sign(cell[1] - c)];
      drag.mode = toggleSegment(page, [r, c], next, drag.mode);
      drag.moved = true;
      [r, c] = next;
    }
    drag.last = [r, c];
    page.state.cursor = [r, c];
  },

  pointerUp(event, page) {
    if (!drag) return;
    const wasClick = !drag.moved;
    const cell = drag.last;
    drag = null;
    page.endGesture();
    if (wasClick) toggleCross(page, key(...cell));
    const board = event.currentTarget;
    if (board.hasPointerCapture(event.pointerId)) board.releasePointerCapture(event.pointerId);
  },

  cancel() {
    drag = null;
  },

  key(event, page) {
    const cell = key(...page.state.cursor);
    const step = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]}[event.key];
    if (step && event.shiftKey) {  // draws or erases toward the next cell; the cursor moves on
      const [r, c] = page.state.cursor;
      const next = [r + step[0], c + step[1]];
      const board = page.state.puzzle.board;
      if (next[0] >= 0 && next[1] >= 0 && next[0] < board.rows && next[1] < board.cols) toggleSegment(page, [r, c], next, null);
      return false;  // the page moves the cursor
    }
    if (event.key === "x" || event.key === "-" || event.key === " ") { event.preventDefault(); toggleCross(page, cell); return true; }
    if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      page.change((marks) => {
        for (const segment of [...marks.segments]) if (segment.split("|").includes(cell)) marks.segments.delete(segment);
        marks.values.delete(cell);
      });
      return true;
    }
    return false;
  },

  apply(marks, step) {
    base.apply(marks, step);
    for (const segment of drawnSegments(step)) marks.segments.add(segment);
  },

  highlight(highlights, step) {
    base.highlight(highlights, step);
    highlights.offSegments = undrawnSegments(step);
  },

  conflict(highlights, conflict) {
    base.conflict(highlights, conflict);
    for (const {segment, on} of conflict.segments || []) {
      const k = segmentKey(...segment);
      if (on) highlights.conflictSegments.add(k);
      else for (const cell of segment) highlights.conflict.add(key(...cell));
    }
  },

  solution(board, document, index) {
    const shown = base.solution(board, document, index);
    for (const path of Object.values(document.solutions[index].paths)) {
      for (let i = 1; i < path.length; i++) shown.view.segments.add(segmentKey(path[i - 1], path[i]));
    }
    for (const [cell, value] of [...shown.view.values]) if (value === "-") shown.view.values.delete(cell);
    return shown;
  },

  settled(board, result) {
    const shown = base.settled(board, result);
    shown.view.segments = joins(board, shown.view.values);
    return shown;
  },
};

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

