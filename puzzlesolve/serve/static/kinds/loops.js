// The loop genres on the page: Slitherlink (the loop along the grid lines, between dots)
// and Masyu (the loop through cell centres, pearls in the cells). The marks are pairs, each
// drawn or "no line": a pair of grid points (an edge) or of cells (a segment), keyed
// "y,x|y2,x2" with the smaller end first (board.js's segmentKey). They live in app.js's
// marks as Numberlink's do: `segments` holds the pairs drawn, `values` maps a pair marked
// "no line" to "off" (a pair's key has a "|", a cell's never: they cannot meet).
// Like board.js, this module keeps no puzzle state; the gesture in progress is its own.

import {cellName, cellSize, drawCells, key, segmentCells, segmentKey} from "../board.js";
import {base} from "./common.js";

const SVG = "http://www.w3.org/2000/svg";
const LOOP = "#1565c0"; // as the SVG pictures draw the loop
const CROSS = "#616161";
const OFF = "off";

const HOW = {
  edges: "Click an edge between two dots to draw it, again to mark it \"no line\" (a cross), again to clear; drag along the dots to draw several. Shift+arrow does the same to the cursor cell's side.",
  segments: "Drag from cell to cell to draw the loop (drag over it again to erase); click between two cells to draw, mark \"no line\" (a cross) or clear. Shift+arrow cycles the segment beside the cursor.",
};

// What the contract calls one pair of each kind: {"edge": ...} or {"segment": ...}.
const itemName = (kind) => kind.slice(0, -1);

// The marks as check, hint and the others read them: {answer: [], edges | segments: [...]}.
function answer(kind, marks) {
  const pairs = [...marks.segments].map((pair) => ({[itemName(kind)]: segmentCells(pair), on: true}));
  for (const [pair, value] of marks.values) {
    if (value === OFF) pairs.push({[itemName(kind)]: segmentCells(pair), on: false});
  }
  return {answer: [], [kind]: pairs};
}

// The pairs a step, conflict or settled answer names, each drawn or not: Map key -> bool.
// Read in every form the server writes them: {"edge"|"segment": [a, b], "on"} (as the
// contract says) or {"cells": [a, b], "drawn"} (as Numberlink's steps, and Masyu's, write).
function pairsOf(item) {
  const found = new Map();
  for (const pair of [...(item.edges || []), ...(item.segments || [])]) {
    const ends = pair.edge || pair.segment || pair.cells;
    if (ends) found.set(segmentKey(...ends), "on" in pair ? pair.on : Boolean(pair.drawn));
  }
  return found;
}

// A solution's pairs ({"edges": [[a, b], ...]} or {"segments": ...}) as drawn keys.
function solutionPairs(solution) {
  return new Set([...(solution.edges || []), ...(solution.segments || [])].map((ends) => segmentKey(...ends)));
}

// Put pairs decided (Map key -> on) into marks or a view: drawn, or "no line".
function applyPairs(marks, pairs) {
  for (const [pair, on] of pairs) {
    if (on) { marks.segments.add(pair); marks.values.delete(pair); }
    else { marks.segments.delete(pair); marks.values.set(pair, OFF); }
  }
}

// ------------------------------------------------------------------ geometry

// Places the loop joins: grid points 0..R by 0..C (edges) or cells (segments), and the
// offset of place (0, 0) from the top-left of cell (0, 0), in cells.
function places(board) {
  return board.kind === "edges"
    ? {rows: board.rows + 1, cols: board.cols + 1, offset: 0}
    : {rows: board.rows, cols: board.cols, offset: 0.5};
}

// The pointer's position in places (fractional), from cell (0, 0)'s box on screen.
function position(event, container) {
  const first = container.querySelector('[data-cell="0,0"]');
  const box = first.getBoundingClientRect();
  const {offset} = places({kind: container.dataset.kind, rows: 0, cols: 0});
  return [(event.clientY - box.top) / box.height - offset, (event.clientX - box.left) / box.width - offset];
}

// The pair nearest a position: along the nearer of the two grid lines through it.
function nearestPair(board, [y, x]) {
  const {rows, cols} = places(board);
  const clamp = (v, high) => Math.max(0, Math.min(high, v));
  const candidates = [];
  if (cols > 1) {  // along a row: (y, x) - (y, x + 1)
    const [py, px] = [clamp(Math.round(y), rows - 1), clamp(Math.floor(x), cols - 2)];
    candidates.push([Math.abs(y - py), [py, px], [py, px + 1]]);
  }
  if (rows > 1) {  // along a column
    const [py, px] = [clamp(Math.floor(y), rows - 2), clamp(Math.round(x), cols - 1)];
    candidates.push([Math.abs(x - px), [py, px], [py + 1, px]]);
  }
  if (!candidates.length) return null;
  candidates.sort((a, b) => a[0] - b[0]);
  return segmentKey(candidates[0][1], candidates[0][2]);
}

// The place a drag is at: for edges the grid point, once the pointer is near it; for
// segments the cell under it. Null between places or off the board.
function placeAt(board, [y, x]) {
  const {rows, cols} = places(board);
  let place;
  if (board.kind === "edges") {
    place = [Math.round(y), Math.round(x)];
    if (Math.hypot(y - place[0], x - place[1]) > 0.3) return null;
  } else {
    place = [Math.round(y), Math.round(x)];  // the centre nearest: the cell it is in
  }
  return place[0] >= 0 && place[1] >= 0 && place[0] < rows && place[1] < cols ? place : null;
}

// The pair on side [dr, dc] of cell [r, c]: the cell's side (edges) or the segment to the
// neighbour (segments); null off the board.
function pairBeside(board, [r, c], [dr, dc]) {
  if (board.kind !== "edges") {
    const [r2, c2] = [r + dr, c + dc];
    return r2 >= 0 && c2 >= 0 && r2 < board.rows && c2 < board.cols ? segmentKey([r, c], [r2, c2]) : null;
  }
  if (dr) { const y = dr < 0 ? r : r + 1; return segmentKey([y, c], [y, c + 1]); }
  const x = dc < 0 ? c : c + 1;
  return segmentKey([r, x], [r + 1, x]);
}

// ------------------------------------------------------------------ marking

const CYCLE = {undefined: "on", on: OFF, off: undefined};

function stateOf(marks, pair) {
  return marks.segments.has(pair) ? "on" : marks.values.get(pair);
}

function setPair(marks, pair, value) {
  marks.segments.delete(pair);
  marks.values.delete(pair);
  if (value === "on") marks.segments.add(pair);
  else if (value === OFF) marks.values.set(pair, OFF);
}

// A click or a key: drawn, then "no line", then clear.
function cyclePair(page, pair) {
  page.change((marks) => setPair(marks, pair, CYCLE[stateOf(marks, pair)]));
}

// A drag's step over one pair: the first step draws (or, on a drawn pair, erases) and the
// rest of the drag does the same. Returns the drag's mode.
function dragOver(page, pair, mode) {
  const drawn = page.state.marks.segments.has(pair);
  const drawing = mode ? mode === "draw" : !drawn;
  if (drawing !== drawn) page.change((marks) => setPair(marks, pair, drawing ? "on" : undefined));
  return drawing ? "draw" : "erase";
}

let drag = null; // {start: [y, x], startPair, last: place | null, mode, moved, id}

function pointerDown(event, page) {
  const board = page.state.puzzle.board;
  const container = event.currentTarget;
  const at = position(event, container);
  drag = {start: at, startPair: nearestPair(board, at), last: placeAt(board, at), mode: null, moved: false, id: event.pointerId};
  const cell = [Math.floor(at[0] + places(board).offset), Math.floor(at[1] + places(board).offset)];
  if (cell[0] >= 0 && cell[1] >= 0 && cell[0] < board.rows && cell[1] < board.cols) page.state.cursor = cell;
  page.beginGesture();
  container.setPointerCapture(event.pointerId);
  event.preventDefault();
}

function pointerMove(event, page) {
  if (!drag || drag.id !== event.pointerId) return;
  const board = page.state.puzzle.board;
  const place = placeAt(board, position(event, event.currentTarget));
  if (!place) return;
  if (!drag.last) {
    // a drag begun between two dots: the edge it began on is the first it draws
    const ends = drag.startPair ? segmentCells(drag.startPair) : [];
    const other = ends.find(([y, x]) => y !== place[0] || x !== place[1]);
    const reached = ends.some(([y, x]) => y === place[0] && x === place[1]);
    drag.last = reached && other ? other : place;
  }
  let [y, x] = drag.last;
  // a fast drag may skip places: walk there one neighbour at a time, rows first
  while (y !== place[0] || x !== place[1]) {
    const next = y !== place[0] ? [y + Math.sign(place[0] - y), x] : [y, x + Math.sign(place[1] - x)];
    drag.mode = dragOver(page, segmentKey([y, x], next), drag.mode);
    drag.moved = true;
    [y, x] = next;
  }
  drag.last = place;
}

function pointerUp(event, page) {
  if (!drag || drag.id !== event.pointerId) return;
  const {moved, startPair} = drag;
  drag = null;
  page.endGesture();
  if (!moved && startPair) cyclePair(page, startPair);
  const container = event.currentTarget;
  if (container.hasPointerCapture(event.pointerId)) container.releasePointerCapture(event.pointerId);
}

function cancel(page) {
  if (!drag) return;
  drag = null;
  page.endGesture();
}

const ARROWS = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

// Keys on the board of a loop genre: Shift+arrow cycles the pair on that side of the
// cursor's cell, Delete or Backspace clears the four around it. True when handled.
function boardKey(event, page) {
  const board = page.state.puzzle.board;
  const cell = page.state.cursor;
  if (ARROWS[event.key] && event.shiftKey) {
    event.preventDefault();
    const pair = pairBeside(board, cell, ARROWS[event.key]);
    if (pair) cyclePair(page, pair);
    return true;
  }
  if (event.key === "Delete" || event.key === "Backspace") {
    event.preventDefault();
    const around = Object.values(ARROWS).map((side) => pairBeside(board, cell, side)).filter(Boolean);
    page.change((marks) => { for (const pair of around) setPair(marks, pair, undefined); });
    return true;
  }
  return false;
}

// ------------------------------------------------------------------ drawing

function svg(name, attributes) {
  const node = document.createElementNS(SVG, name);
  for (const [attribute, value] of Object.entries(attributes)) node.setAttribute(attribute, value);
  return node;
}

// Draw the board: one <div data-cell="R,C"> per cell (its clue, its highlights), and over
// them an SVG layer with the dots or pearls, the pairs drawn, the crosses and the pairs a
// step or conflict names (`marks.loopConflict`, `loopHint`, `loopDiffer`: Map key -> on).
function render(container, board, display, marks, cursor) {
  // Slitherlink: the room around the board (0.35 of a cell each side) counts as cells do
  const room = board.kind === "edges" ? 0.7 : 0;
  const size = cellSize({rows: board.rows + room, cols: board.cols + room}, container);
  const pad = Math.round((room / 2) * size);
  drawCells(container, board, size, marks, cursor, (cell, r, c) => {
    const clue = board.cells[r][c];
    if (clue !== null && board.kind === "edges") {
      const number = document.createElement("span");
      number.className = "v";
      number.textContent = String(clue);
      cell.append(number);
    }
    if (clue !== null && board.kind === "segments") cell.classList.add(clue === "B" ? "pearl-black" : "pearl-white");
    return cellLabel(board, [r, c], display, marks);
  });
  container.style.setProperty("--pad", `${pad}px`);
  container.dataset.kind = board.kind;
  container.append(layer(board, display, marks, size, pad));
}

const SIDES = [[[-1, 0], "top"], [[1, 0], "bottom"], [[0, -1], "left"], [[0, 1], "right"]];
const PAIR_WORDS = {loopConflict: "conflict", loopHint: "the hint", loopDiffer: "differs between solutions"};

// What a screen reader says of a cell: "r2c4, 0, line on top and left, no line right",
// then what is highlighted there.
function cellLabel(board, cell, display, marks) {
  const clue = board.cells[cell[0]][cell[1]];
  const words = [cellName(cell)];
  if (clue !== null) words.push(board.kind !== "segments" ? String(clue) : clue === "B" ? "black pearl" : "white pearl");
  const around = SIDES.map(([side, name]) => [pairBeside(board, cell, side), name]).filter(([pair]) => pair);
  const drawn = around.filter(([pair]) => display.segments.has(pair)).map(([, name]) => name);
  const off = around.filter(([pair]) => display.values.get(pair) === OFF).map(([, name]) => name);
  if (drawn.length) words.push(`line ${drawn.join(" and ")}`);
  if (off.length) words.push(`no line ${off.join(" and ")}`);
  if (!drawn.length && !off.length) words.push("no marks");
  for (const mark of ["conflict", "hint", "cited", "differ"]) {
    if (marks[mark] && marks[mark].has(key(...cell))) words.push(mark === "hint" ? "the hint" : mark === "differ" ? "differs between solutions" : mark);
  }
  for (const [mark, word] of Object.entries(PAIR_WORDS)) {
    if (around.some(([pair]) => marks[mark] && marks[mark].has(pair))) words.push(`a side: ${word}`);
  }
  return words.join(", ");
}

function layer(board, display, marks, size, pad) {
  const {rows, cols, offset} = places(board);
  const [width, height] = [board.cols * size + 2 * pad, board.rows * size + 2 * pad];
  const group = svg("svg", {class: "loop-layer", width, height, viewBox: `0 0 ${width} ${height}`, "aria-hidden": "true"});
  const at = ([y, x]) => [pad + (x + offset) * size, pad + (y + offset) * size];
  const site = board.kind === "edges" ? "data-edge" : "data-segment";
  const stroke = Math.max(3, (display.thin ? 0.08 : board.kind === "edges" ? 0.12 : 0.16) * size);
  const line = (pair, attributes) => {
    const [[x1, y1], [x2, y2]] = segmentCells(pair).map(at);
    group.append(svg("line", {x1, y1, x2, y2, "stroke-linecap": "round", [site]: pair, ...attributes}));
  };
  const cross = (pair, colour, arm, width, className) => {
    const [[x1, y1], [x2, y2]] = segmentCells(pair).map(at);
    const [x, y] = [(x1 + x2) / 2, (y1 + y2) / 2];
    group.append(svg("path", {
      d: `M${x - arm} ${y - arm}L${x + arm} ${y + arm}M${x - arm} ${y + arm}L${x + arm} ${y - arm}`,
      stroke: colour, "stroke-width": width, "stroke-linecap": "round", class: className, [site]: pair,
    }));
  };
  // under the lines: the pairs a hint or step decides, as a wide amber band
  for (const [pair, on] of marks.loopHint || []) {
    if (on) line(pair, {stroke: "#ffb300", "stroke-width": Math.max(8, 0.36 * size), opacity: 0.55, class: "loop-hint"});
    else cross(pair, "#ff8f00", 0.17 * size, Math.max(3, 0.08 * size), "loop-hint");
  }
  for (const [pair] of marks.loopDiffer || []) {
    line(pair, {stroke: "#6a1b9a", "stroke-width": Math.max(6, 0.26 * size), opacity: 0.35, class: "loop-differ"});
  }
  for (const pair of display.segments) line(pair, {stroke: LOOP, "stroke-width": stroke, class: "loop-line"});
  for (const [pair, value] of display.values) {
    if (value === OFF) cross(pair, CROSS, 0.1 * size, Math.max(2, 0.05 * size), "loop-cross");
  }
  // over them: conflicts, red and dashed (drawn) or a red cross (a "no line" that is wrong)
  for (const [pair, on] of marks.loopConflict || []) {
    if (on) line(pair, {stroke: "#c62828", "stroke-width": Math.max(3, 0.1 * size), "stroke-dasharray": `${0.16 * size} ${0.1 * size}`, class: "loop-conflict"});
    else cross(pair, "#c62828", 0.15 * size, Math.max(3, 0.07 * size), "loop-conflict");
  }
  if (board.kind === "edges") {
    for (let y = 0; y < rows; y++) {
      for (let x = 0; x < cols; x++) {
        const [cx, cy] = at([y, x]);
        group.append(svg("circle", {cx, cy, r: Math.max(2.5, 0.075 * size), fill: "#1a1a1a", class: "dot"}));
      }
    }
  } else if (board.kind === "segments") {
    board.cells.forEach((row, r) => row.forEach((pearl, c) => {
      if (pearl === null) return;
      const [cx, cy] = at([r, c]);
      const black = pearl === "B";
      group.append(svg("circle", {
        cx, cy, r: 0.3 * size, fill: black ? "#1a1a1a" : "#ffffff", stroke: "#1a1a1a",
        "stroke-width": Math.max(2, 0.06 * size), class: black ? "pearl black" : "pearl white",
      }));
    }));
  }
  return group;
}

export {pairsOf, applyPairs, solutionPairs};

export default {
  ...base,
  kinds: ["edges", "segments"],
  how: (board) => HOW[board.kind],
  render,
  answer: (board, marks) => answer(board.kind, marks),
  pointerDown: (event, page) => pointerDown(event, page),
  pointerMove,
  pointerUp,
  cancel,
  // Shift+arrow and Delete act on the pairs around the cursor; a plain arrow moves it
  key: (event, page) => ((event.key.startsWith("Arrow") && !event.shiftKey) ? false : boardKey(event, page)),
  apply(marks, step) {
    applyPairs(marks, pairsOf(step));
  },
  highlight(highlights, step) {
    base.highlight(highlights, step);
    highlights.loopHint = pairsOf(step);
  },
  conflict(highlights, conflict) {
    base.conflict(highlights, conflict);
    for (const [pair, on] of pairsOf(conflict)) (highlights.loopConflict ||= new Map()).set(pair, on);
  },
  solution(board, document, index) {
    const differ = new Map((document.differ || []).map((ends) => [segmentKey(...ends), true]));
    return {view: {values: new Map(), segments: solutionPairs(document.solutions[index])}, highlights: {loopDiffer: differ}, where: board.kind};
  },
  // the pairs the same in every solution, drawn or crossed
  settled(board, result) {
    const view = {values: new Map(), segments: new Set(), thin: true};
    const pairs = pairsOf(result);
    applyPairs(view, pairs);
    const total = board.kind === "edges"
      ? 2 * board.rows * board.cols + board.rows + board.cols
      : 2 * board.rows * board.cols - board.rows - board.cols;
    return {view, count: pairs.size, total, what: `${board.kind} (drawn, or crossed: no line)`};
  },
};
