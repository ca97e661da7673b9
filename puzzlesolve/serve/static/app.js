// The page: the puzzle as the server read it, the person's marks (the answer that check
// and hint judge), and what the solver said about them. The marks are the one copy of the
// puzzle's state; every request sends them, the server keeps nothing between requests.

import * as api from "./api.js";
import {
  cellOf, joins, key, lineLabels, render, segmentCells, segmentKey,
} from "./board.js";
import {clearAudit, decorate, initAudit} from "./audit.js";
import * as lights from "./lights.js";
import * as loops from "./loops.js";

const $ = (id) => document.getElementById(id);

const HOW = {
  shade: "Click a cell to shade it, again to mark it unshaded (Hitori: circle, Nurikabe: dot), again to clear.",
  lines: "Drag from cell to cell to draw a line (drag over it again to erase); click an empty cell to mark it \"no line\".",
  numbers: "Click a cell and type its number (or tap the number pad); Backspace deletes a digit.",
  ...loops.HOW,
  ...lights.HOW,
};

const state = {
  info: null,
  puzzle: null,        // the server's load answer: {genre, board, source, switches, options}
  marks: emptyMarks(), // {values: Map "r,c" -> value, segments: Set}
  undo: [],
  redo: [],
  highlights: noHighlights(),
  hintStep: null,      // the last hint's step, for "apply"
  view: null,          // something other than the marks on the board: {values, segments, thin}
  explanation: null,   // {steps, index}
  solution: null,      // {document, index}
  cursor: [0, 0],
  typing: false,       // Hidato: digits typed since the cursor came to this cell
  autocheckTimer: null,
  solvedTimer: null,
  version: 0,          // counts changes of the marks (an answer about older marks is dropped)
  solved: false,       // the marks are a solution (the server said so)
  saveKey: null,       // where this puzzle's marks are kept in the browser (localStorage)
  timer: {elapsed: 0, started: null, paused: false}, // ms before `started`; null: stopped
};

// ------------------------------------------------------------------ kept in the browser

const STORE = "puzzlesolve:";

// FNV-1a: a short name for a puzzle's source (a pasted grid may be long)
function fingerprint(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

function storeGet(name) {
  try {
    return JSON.parse(localStorage.getItem(STORE + name));
  } catch (_unavailable) {
    return null;
  }
}

function storeSet(name, value) {
  try {
    localStorage.setItem(STORE + name, JSON.stringify(value));
  } catch (_fullOrUnavailable) {
    // the marks stay on the page; only a reload would lose them
  }
}

// This puzzle's marks, the time spent on it and whether it was solved, kept per puzzle.
function save() {
  if (!state.saveKey) return;
  storeSet(state.saveKey, {
    values: [...state.marks.values], segments: [...state.marks.segments],
    elapsed: Math.round(elapsed()), solved: state.solved,
  });
}

// ------------------------------------------------------------------ the timer

function elapsed() {
  const timer = state.timer;
  return timer.elapsed + (timer.started === null ? 0 : performance.now() - timer.started);
}

function runTimer(running) {
  const timer = state.timer;
  if (running === (timer.started !== null)) return;
  if (running) timer.started = performance.now();
  else { timer.elapsed = elapsed(); timer.started = null; }
  showTime();
}

function clock(ms) {
  const seconds = Math.floor(ms / 1000);
  const [h, m, sec] = [Math.floor(seconds / 3600), Math.floor(seconds / 60) % 60, seconds % 60];
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(sec)}` : `${m}:${two(sec)}`;
}

function showTime() {
  const shown = $("timer");
  shown.textContent = clock(elapsed());
  shown.dataset.running = String(state.timer.started !== null);
}

function pause(paused) {
  if (!state.puzzle) return;
  state.timer.paused = paused;
  runTimer(!paused && !state.solved);
  $("pause").textContent = paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(paused));
  $("board-wrap").classList.toggle("paused", paused);
  save();
}

function hideTimer(hidden) {
  $("timer").hidden = hidden;
  $("hide-timer").textContent = hidden ? "Show timer" : "Hide timer";
  $("hide-timer").setAttribute("aria-pressed", String(hidden));
  storeSet("timer-hidden", hidden);
}

// ------------------------------------------------------------------ solved

function showSolved(solved) {
  state.solved = solved;
  $("solved").hidden = !solved;
  if (solved) $("solved").textContent = `Solved! in ${clock(elapsed())}`;
  runTimer(!solved && !state.timer.paused);
}

// Whether the marks are a solution, asked quietly after each change (the server's cheap
// question, never stopping the request at work).
function askSolved() {
  clearTimeout(state.solvedTimer);
  state.solvedTimer = setTimeout(async () => {
    if (!state.puzzle) return;
    const version = state.version;
    const result = await api.quiet("solved", puzzleRequest(answer()));
    if (!result || version !== state.version) return;
    if (result.solved !== state.solved) { showSolved(result.solved); save(); }
  }, 250);
}

function emptyMarks() {
  return {values: new Map(), segments: new Set()};
}

function noHighlights() {
  // cell sets "r,c"; the segment sets hold segment keys (Numberlink): drawn segments in a
  // conflict, and segments a step says are not drawn
  return {
    conflict: new Set(), hint: new Set(), cited: new Set(), differ: new Set(),
    conflictSegments: new Set(), offSegments: new Set(),
  };
}

function copyMarks(marks) {
  return {values: new Map(marks.values), segments: new Set(marks.segments)};
}

// ------------------------------------------------------------------ messages and work

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

function say(text, kind = "") {
  const message = $("message");
  message.textContent = text;
  message.className = kind;
}

let ticking = null;

function showBusy(running) {
  $("busy").hidden = false;
  const words = {
    check: "Checking", hint: "Looking for a hint", explain: "Explaining every step",
    solve: "Solving", settled: "Solving as far as possible", generate: "Generating",
    load: "Reading the puzzle", svg: "Drawing", link: "Writing the link",
    audit: "Auditing", edit: "Changing the puzzle",
  };
  const update = () => {
    const seconds = ((performance.now() - running.started) / 1000).toFixed(1);
    $("busy-text").textContent = `${words[running.task] || running.task}... ${seconds} s`;
  };
  update();
  clearInterval(ticking);
  ticking = setInterval(update, 100);
}

function hideBusy() {
  clearInterval(ticking);
  $("busy").hidden = true;
}

// Ask the server; a failure is a message on the page. Resolves to the data or null.
async function ask(task, body, {quiet = false} = {}) {
  const outcome = await api.call(task, body, quiet ? null : showBusy);
  if (!api.busy()) hideBusy();
  if (outcome.ok) return outcome.data;
  if (!quiet || !outcome.stopped) {
    // "stopped: no answer within the time limit" reads once, capitalised, not "Stopped: stopped:"
    const error = outcome.error.replace(/^stopped\b/, "Stopped");
    say(outcome.stopped && !error.startsWith("Stopped") ? `Stopped: ${error}.` : error, "error");
  }
  return null;
}

function puzzleRequest(extra = {}) {
  const puzzle = state.puzzle;
  const switches = [...document.querySelectorAll("#options input:checked")].map((box) => box.value);
  return {genre: puzzle.genre, source: puzzle.source, switches, ...extra};
}

// The marks as the answer check and hint judge: {answer: [[r, c, value], ...]} and, for
// Numberlink, the segments drawn ({segment: [[r, c], [r2, c2]], on: true}): the lines are
// judged as drawn (a loop, a branch, a line joining two numbers), the cells' values are
// the person's own marks only ("-": no line; a label a hint decided).
function answer() {
  const marks = state.marks;
  if (loops.isLoop(state.puzzle.board.kind)) return loops.answer(state.puzzle.board.kind, marks);
  const values = [...marks.values].map(([cell, value]) => [...cellOf(cell), value]);
  if (state.puzzle.board.kind !== "lines") return {answer: values};
  const segments = [...marks.segments].map((segment) => ({segment: segmentCells(segment), on: true}));
  return {answer: values, segments};
}

// The marks as a picture shows them: Numberlink's lines as the label of each cell they
// reach (what the SVG drawing colours).
function pictured() {
  const board = state.puzzle.board;
  const marks = state.marks;
  if (board.kind !== "lines") return answer().answer;
  const labels = lineLabels(board, marks.values, marks.segments);
  const decided = [...labels].map(([cell, label]) => [...cellOf(cell), label]);
  for (const [cell, value] of marks.values) {
    if (value === "-" && !labels.has(cell)) decided.push([...cellOf(cell), "-"]);
  }
  return decided;
}

// ------------------------------------------------------------------ drawing

function draw() {
  const board = state.puzzle && state.puzzle.board;
  if (!board) return;
  const display = state.view || {values: state.marks.values, segments: state.marks.segments};
  const paint = loops.isLoop(board.kind) ? loops.render : board.kind === "lights" ? lights.render : render;
  paint($("board"), board, display, state.highlights, state.cursor);
  decorate($("board"));
  $("undo").disabled = state.undo.length === 0;
  $("redo").disabled = state.redo.length === 0;
  $("apply").disabled = !state.hintStep;
  $("clear").disabled = state.marks.values.size + state.marks.segments.size === 0;
}

// The buttons that can work: none before a puzzle is open; the link only for a genre that
// has a link form (Numbrix has none).
function enableButtons() {
  const open = Boolean(state.puzzle);
  for (const id of ["check", "hint", "explain", "solve", "settle", "svg", "pause", "clear", "audit"]) $(id).disabled = !open;
  const genre = open && state.info.genres[state.puzzle.genre];
  $("copy-link").disabled = !(genre && genre.link);
  $("copy-link").title = open && !$("copy-link").disabled ? "" : open ? `${state.puzzle.genre} puzzles have no link form` : "";
  document.body.classList.toggle("has-puzzle", open);
}

function clearFindings() {
  state.highlights = noHighlights();
  state.hintStep = null;
  state.view = null;
  state.explanation = null;
  state.solution = null;
  $("steps").hidden = true;
  $("solutions").hidden = true;
  clearAudit();
}

// ------------------------------------------------------------------ opening a puzzle

async function open(request, how) {
  const loaded = await ask("load", request);
  if (loaded) show(loaded, how);
}

function show(loaded, how) {
  save(); // the puzzle shown so far, as it is left
  state.puzzle = loaded;
  state.saveKey = `marks:${loaded.genre}:${fingerprint(JSON.stringify(loaded.source))}`;
  const kept = storeGet(state.saveKey);
  state.marks = emptyMarks();
  if (kept) {
    state.marks = {values: new Map(kept.values || []), segments: new Set(kept.segments || [])};
  }
  state.undo = [];
  state.redo = [];
  state.cursor = [0, 0];
  state.version += 1;
  state.timer = {elapsed: (kept && kept.elapsed) || 0, started: null, paused: false};
  $("pause").textContent = "Pause";
  $("board-wrap").classList.remove("paused");
  showSolved(Boolean(kept && kept.solved));
  showTime();
  clearFindings();
  const board = loaded.board;
  const name = loaded.source.name || loaded.source.example || "";
  $("title").textContent = `${loaded.genre} ${board.rows}x${board.cols}${name ? ` — ${name}` : ""}`;
  $("how").textContent = HOW[board.kind];
  $("link-out").value = loaded.source.link || "";
  $("grade-out").textContent = loaded.summary ? `Generated: ${loaded.summary}` : "";
  const options = $("options");
  options.replaceChildren();
  for (const option of loaded.options) {
    const label = document.createElement("label");
    label.className = "toggle";
    const box = document.createElement("input");
    box.type = "checkbox";
    box.value = option;
    box.checked = loaded.switches.includes(option);
    box.id = `option-${option}`;
    box.addEventListener("change", () => { clearFindings(); draw(); });
    label.append(box, ` ${option === "fill" ? "lines cover every cell (Flow Free)" : "lines never touch themselves"}`);
    options.append(label);
  }
  // the address opens the puzzle again (a reload); a text's source is kept in the browser
  if (loaded.source.link) history.replaceState(null, "", `/?link=${encodeURIComponent(loaded.source.link)}`);
  else if (loaded.source.example) history.replaceState(null, "", `/?example=${encodeURIComponent(`${loaded.genre}/${loaded.source.example}`)}`);
  else history.replaceState(null, "", "/");
  if (JSON.stringify(loaded.source).length < 300_000) storeSet("last", {genre: loaded.genre, source: loaded.source});
  const back = kept && (kept.values || []).length + (kept.segments || []).length ? " Your marks from last time are back." : "";
  say(`${how}.${back} ${loaded.note || ""}`.trim());
  enableButtons();
  $("pad").hidden = board.kind !== "numbers";
  draw();
  $("board").focus();
}

function fillGenres() {
  const names = Object.keys(state.info.genres).sort();
  for (const id of ["genre", "gen-genre"]) {
    const select = $(id);
    select.replaceChildren(...names.map((name) => new Option(name, name)));
    select.value = "hitori";
  }
  const examples = $("example");
  for (const [genre, list] of Object.entries(state.info.examples)) {
    const group = document.createElement("optgroup");
    group.label = genre;
    for (const name of list) group.append(new Option(`${genre}: ${name}`, `${genre}/${name}`));
    examples.append(group);
  }
}

// ------------------------------------------------------------------ marking

// Undo takes back one gesture: a click, a key, a whole drag (`gesture` holds the marks
// before it until it ends), digits typed into one cell.
let gesture = null;

function sameMarks(a, b) {
  const same = (x, y) => x.size === y.size && [...x].every((item) => (y.has ? y.has(item) : false));
  return same(a.segments, b.segments) && a.values.size === b.values.size
    && [...a.values].every(([cell, value]) => b.values.get(cell) === value);
}

function change(mutate, {join = false} = {}) {
  if (!state.puzzle) return;
  const before = copyMarks(state.marks);
  mutate(state.marks);
  if (sameMarks(before, state.marks)) return;
  if (!gesture && !join) {
    state.undo.push(before);
    state.redo = [];
  }
  afterChange();
}

function beginGesture() {
  gesture = copyMarks(state.marks);
}

function endGesture() {
  if (gesture && !sameMarks(gesture, state.marks)) {
    state.undo.push(gesture);
    state.redo = [];
  }
  gesture = null;
  draw();
}

function afterChange() {
  clearFindings();
  state.version += 1;
  draw();
  save();
  askSolved();
  if ($("autocheck").checked) {
    clearTimeout(state.autocheckTimer);
    state.autocheckTimer = setTimeout(() => check(true), 300);
  }
}

function undo() {
  if (!state.undo.length) return;
  state.redo.push(copyMarks(state.marks));
  state.marks = state.undo.pop();
  afterChange();
}

function redo() {
  if (!state.redo.length) return;
  state.undo.push(copyMarks(state.marks));
  state.marks = state.redo.pop();
  afterChange();
}

const SHADE_CYCLE = {undefined: "shaded", shaded: "unshaded", unshaded: undefined};
const SHADE_KEYS = {"#": "shaded", s: "shaded", o: "unshaded", ".": "unshaded", Delete: null, Backspace: null};
// the kinds marked by clicks that cycle a cell's value, each with its cycle and its keys
const CYCLES = {shade: [SHADE_CYCLE, SHADE_KEYS], lights: [lights.CYCLE, lights.KEYS]};

function setValue(marks, cell, value) {
  if (value === undefined) marks.values.delete(cell);
  else marks.values.set(cell, value);
}

// Nurikabe: a numbered cell is unshaded by rule 1 and takes no mark.
function fixedClue(cell) {
  const board = state.puzzle.board;
  const [r, c] = cellOf(cell);
  if (!board.clues_fixed || board.cells[r][c] === null) return false;
  say(board.kind === "lights" ? `r${r + 1}c${c + 1} is a black cell: it takes no light.`
    : `r${r + 1}c${c + 1} shows a number: it stays unshaded.`);
  return true;
}

function shadeCycle(cell) {
  if (fixedClue(cell)) return;
  const [cycle] = CYCLES[state.puzzle.board.kind];
  change((marks) => setValue(marks, cell, cycle[marks.values.get(cell)]));
}

function toggleCross(cell) {
  const board = state.puzzle.board;
  const [r, c] = cellOf(cell);
  if (board.cells[r][c] !== null) return;
  change((marks) => setValue(marks, cell, marks.values.get(cell) === "-" ? undefined : "-"));
}

function toggleSegment(a, b, mode) {
  const k = segmentKey(a, b);
  const has = state.marks.segments.has(k);
  const drawing = mode ? mode === "draw" : !has;
  if (drawing === has) return drawing ? "draw" : "erase";
  change((marks) => {
    if (drawing) {
      marks.segments.add(k);
      for (const cell of [a, b]) if (marks.values.get(key(...cell)) === "-") marks.values.delete(key(...cell));
    } else {
      marks.segments.delete(k);
    }
  });
  return drawing ? "draw" : "erase";
}

function typeDigit(digit) {
  const board = state.puzzle.board;
  const [r, c] = state.cursor;
  if (board.cells[r][c] !== null) return;
  const cell = key(r, c);
  const before = state.marks.values.get(cell);
  let value = state.typing && before !== undefined ? Number(`${before}${digit}`) : Number(digit);
  if (value > board.total) value = Number(digit);
  const join = state.typing;  // more digits of the same number: one undo step
  state.typing = true;
  change((marks) => setValue(marks, cell, value === 0 ? undefined : value), {join});
}

function deleteDigit(all) {
  const [r, c] = state.cursor;
  const cell = key(r, c);
  const before = state.marks.values.get(cell);
  if (before === undefined || state.puzzle.board.cells[r][c] !== null) return;
  const shorter = String(before).slice(0, -1);
  change((marks) => setValue(marks, cell, all || !shorter ? undefined : Number(shorter)));
}

function boardCell(event) {
  const board = state.puzzle.board;
  const rect = $("board").getBoundingClientRect();
  const size = rect.width / board.cols;
  const r = Math.floor((event.clientY - rect.top) / size);
  const c = Math.floor((event.clientX - rect.left) / size);
  return r >= 0 && c >= 0 && r < board.rows && c < board.cols ? [r, c] : null;
}

let drag = null; // Numberlink: {last, mode, moved}
let tap = null; // a finger down on a cell of a shading board: {cell, id}

function onPointerDown(event) {
  if (!state.puzzle || event.button !== 0) return;
  if (loops.isLoop(state.puzzle.board.kind)) {
    if (state.view) { state.view = null; clearFindings(); }
    loops.pointerDown(event, loopPage);
    return;
  }
  const cell = boardCell(event);
  if (!cell) return;
  if (state.view) { state.view = null; clearFindings(); }
  state.cursor = cell;
  state.typing = false;
  const kind = state.puzzle.board.kind;
  // a finger may be starting to scroll the board: its tap marks the cell when it lifts
  if (CYCLES[kind] && event.pointerType === "touch") { tap = {cell, id: event.pointerId}; return; }
  if (CYCLES[kind]) { shadeCycle(key(...cell)); return; }
  if (kind === "numbers") { draw(); return; }
  drag = {last: cell, mode: null, moved: false};
  beginGesture();
  $("board").setPointerCapture(event.pointerId);
  event.preventDefault();
}

function onPointerMove(event) {
  if (state.puzzle && loops.isLoop(state.puzzle.board.kind)) { loops.pointerMove(event, loopPage); return; }
  if (!drag) return;
  const cell = boardCell(event);
  if (!cell) return;
  let [r, c] = drag.last;
  // a fast drag may skip cells: walk there one neighbour at a time, rows first
  while (r !== cell[0] || c !== cell[1]) {
    const next = r !== cell[0] ? [r + Math.sign(cell[0] - r), c] : [r, c + Math.sign(cell[1] - c)];
    drag.mode = toggleSegment([r, c], next, drag.mode);
    drag.moved = true;
    [r, c] = next;
  }
  drag.last = [r, c];
  state.cursor = [r, c];
}

function onPointerUp(event) {
  if (state.puzzle && loops.isLoop(state.puzzle.board.kind)) { loops.pointerUp(event, loopPage); return; }
  if (tap && tap.id === event.pointerId) {
    const cell = boardCell(event);
    if (cell && cell[0] === tap.cell[0] && cell[1] === tap.cell[1]) shadeCycle(key(...cell));
    tap = null;
    return;
  }
  if (!drag) return;
  const wasClick = !drag.moved;
  const cell = drag.last;
  drag = null;
  endGesture();
  if (wasClick) toggleCross(key(...cell));
  if ($("board").hasPointerCapture(event.pointerId)) $("board").releasePointerCapture(event.pointerId);
}

const ARROWS = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

function onBoardKey(event) {
  if (!state.puzzle) return;
  const board = state.puzzle.board;
  const kind = board.kind;
  const cell = key(...state.cursor);
  if (ARROWS[event.key]) {
    event.preventDefault();
    const [dr, dc] = ARROWS[event.key];
    const next = [state.cursor[0] + dr, state.cursor[1] + dc];
    if (loops.isLoop(kind) && event.shiftKey) { loops.boardKey(event, loopPage); return; }
    if (next[0] < 0 || next[1] < 0 || next[0] >= board.rows || next[1] >= board.cols) return;
    if (kind === "lines" && event.shiftKey) toggleSegment(state.cursor, next, null);
    state.cursor = next;
    state.typing = false;
    draw();
    return;
  }
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (event.key === "c" || event.key === "h") {  // no genre marks with these
    event.preventDefault();
    if (event.key === "c") check(false);
    else hint();
    return;
  }
  if (loops.isLoop(kind)) { loops.boardKey(event, loopPage); return; }
  if (CYCLES[kind]) {
    const [cycle, keys] = CYCLES[kind];
    let value;
    if (event.key === " " || event.key === "Enter") value = cycle[state.marks.values.get(cell)];
    else if (event.key in keys) value = keys[event.key] || undefined;
    else return;
    event.preventDefault();
    if (fixedClue(cell)) return;
    change((marks) => setValue(marks, cell, value));
  } else if (kind === "numbers") {
    if (/^[0-9]$/.test(event.key)) { event.preventDefault(); typeDigit(event.key); }
    else if (event.key === "Backspace" || event.key === "Delete") { event.preventDefault(); deleteDigit(event.key === "Delete"); }
  } else if (kind === "lines") {
    if (event.key === "x" || event.key === "-" || event.key === " ") { event.preventDefault(); toggleCross(cell); }
    else if (event.key === "Delete" || event.key === "Backspace") {
      event.preventDefault();
      change((marks) => {
        for (const segment of [...marks.segments]) if (segment.split("|").includes(cell)) marks.segments.delete(segment);
        marks.values.delete(cell);
      });
    }
  }
}

// ------------------------------------------------------------------ asking the solver

// The cells a step is about: those it decides, those of the segments it decides (a
// Numberlink step may decide only that a piece of line between two cells is drawn or not)
// and those it narrows (a step of a named technique may rule values out rather than decide:
// {"cell", "not"} or {"number", "cells"}).
function stepCells(step) {
  const narrowed = (step.narrows || []).flatMap((item) => (item.cell ? [item.cell] : item.cells || []));
  const segments = (step.segments || []).flatMap((segment) => segment.cells || []);
  return [...step.cells.map((item) => item.cell), ...segments, ...narrowed];
}

function cells(list) {
  return new Set((list || []).map(([r, c]) => key(r, c)));
}

// The rules a step or conflict uses, quoted, unless its text quotes them already.
function quoted(text, document, numbers) {
  const rules = document.rules || {};
  if (!numbers.length || /\brules? \d/.test(text)) return text;
  return `${text} (${numbers.map((n) => `rule ${n}: ${rules[n] || "?"}`).join("; ")})`;
}

function showConflicts(document) {
  state.highlights = noHighlights();
  for (const conflict of document.conflicts || []) {
    for (const cell of cells(conflict.cells)) state.highlights.conflict.add(cell);
    for (const {segment, on} of conflict.segments || []) {
      const k = segmentKey(...segment);
      if (on) state.highlights.conflictSegments.add(k);
      else for (const cell of segment) state.highlights.conflict.add(key(...cell));
    }
    for (const cell of cells(conflict.because)) state.highlights.cited.add(cell);
    for (const [pair, on] of loops.pairsOf(conflict)) (state.highlights.loopConflict ||= new Map()).set(pair, on);
  }
  const first = (document.conflicts || [])[0];
  return first ? capitalized(quoted(first.text, document, first.rules)) : "";
}

// A conflict's text as a sentence of its own ("Rule 2 (...)": it starts lower case).
function capitalized(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

// The mark a technique refutes from the givens, said first and marked as a hint's cell (a
// broken rule's lead is its conflict, already said): check's and an invalid hint's "wrong".
function leadText(result) {
  const wrong = result.wrong && result.wrong.how === "technique" ? result.wrong : null;
  if (wrong && wrong.cell) state.highlights.hint.add(key(...wrong.cell));
  return wrong ? `First: ${wrong.text} ` : "";
}

async function check(quiet = false) {
  if (!state.puzzle) return;
  const result = await ask("check", puzzleRequest(answer()), {quiet});
  if (!result) return;
  clearFindings();
  if (result.verdict === "solved") { say("Check: solved. Every rule holds.", "good"); showSolved(true); save(); }
  else if (result.verdict === "consistent") {
    say(quiet ? "" : "Check: no mistake so far; some solution extends these marks.", "good");
  } else {
    const text = showConflicts(result);
    const more = result.conflicts.length > 1 ? ` (and ${result.conflicts.length - 1} more)` : "";
    say(`Check: invalid. ${leadText(result)}${text}${more}`, "bad");
  }
  draw();
}

async function hint() {
  if (!state.puzzle) return;
  const result = await ask("hint", puzzleRequest(answer()));
  if (!result) return;
  clearFindings();
  if (result.status === "hint") {
    const step = result.step;
    state.hintStep = step;
    state.highlights.hint = cells(stepCells(step));
    state.highlights.cited = cells(step.because);
    state.highlights.offSegments = undrawnSegments(step);
    state.highlights.loopHint = loops.pairsOf(step);
    say(`Hint: ${quoted(step.text, result, step.rules)}`, "good");
  } else if (result.status === "solved") {
    say("Hint: nothing left to do, the marks solve the puzzle.", "good");
    showSolved(true);
    save();
  } else if (result.status === "invalid") {
    const text = showConflicts(result);
    say(`Hint: no solution keeps these marks. ${leadText(result)}${text}`, "bad");
  } else {
    state.highlights.differ = cells(result.undecided);
    say("Hint: no cell is forced any more; the puzzle has several solutions from here.", "bad");
  }
  draw();
}

function applyValues(marks, items) {
  for (const {cell, value} of items) setValue(marks, key(...cell), value);
}

// The segments a step decides to be drawn (a Numberlink step may decide segments only).
function drawnSegments(step) {
  return (step.segments || []).filter((segment) => segment.drawn).map((segment) => segmentKey(...segment.cells));
}

// The segments a step decides are not drawn: a small cross on the board.
function undrawnSegments(step) {
  return new Set((step.segments || []).filter((segment) => segment.cells && !segment.drawn).map((segment) => segmentKey(...segment.cells)));
}

function applyHint() {
  const step = state.hintStep;
  if (!step) return;
  change((marks) => {
    applyValues(marks, step.cells);
    for (const segment of drawnSegments(step)) marks.segments.add(segment);
    if (loops.isLoop(state.puzzle.board.kind)) loops.applyPairs(marks, loops.pairsOf(step));
  });
  say("Applied the hint.", "good");
}

// Explain: the steps are shown as the server finds them (asked every second), and kept
// when the work is stopped (the Stop button, or the time limit).
async function explain() {
  if (!state.puzzle) return;
  let found = [];
  let polling = null;
  const started = (running) => {
    showBusy(running);
    polling = setInterval(async () => {
      const news = await api.progress(running.job, found.length);
      if (!news || !news.steps.length || api.busy() !== running) return;
      found = found.concat(news.steps);
      const latest = found[found.length - 1];
      say(`Explaining: ${plural(found.length, "step")} found so far. The latest: ${quoted(latest.text, {}, [])}`);
    }, 1000);
  };
  const outcome = await api.call("explain", puzzleRequest(), started);
  clearInterval(polling);
  if (!api.busy()) hideBusy();
  let result = outcome.ok ? outcome.data : null;
  if (!outcome.ok) {
    const steps = (outcome.data && outcome.data.steps) || found;
    if (!outcome.stopped || !steps.length) {
      const why = outcome.error.replace(/^stopped:? ?/, "");
      say(outcome.stopped ? (why ? `Stopped: ${why}.` : "Stopped.") : outcome.error, "error");
      return;
    }
    result = {status: "timeout", steps, rules: {}, difficulty: {}};
  }
  clearFindings();
  const grade = result.grade ? `grade ${result.grade}, ` : "";
  const measured = result.difficulty || {};
  $("grade-out").textContent = `Explanation: ${plural(result.steps.length, "step")}, ${grade}largest step ${measured.largest ?? "-"} (cells + rules).`;
  if (result.status === "unsolvable") {
    say(`Explain: the puzzle has no solution. ${showConflicts(result)}`, "bad");
    draw();
    return;
  }
  if (!result.steps.length) {
    say(result.status === "timeout" ? "Explain: the time limit passed before a first step was found."
      : "Explain: no cell can be deduced; the puzzle has several solutions.", "bad");
    draw();
    return;
  }
  state.explanation = {steps: result.steps, index: 0, status: result.status, rules: result.rules};
  showStep();
  if (result.status === "timeout") {
    const why = outcome.ok ? "the time limit ended the explanation" : "the explanation was stopped";
    say(`Explain: ${why} after ${plural(result.steps.length, "step")}; here they are. ${$("message").textContent}`, "bad");
  }
}

function showStep() {
  const {steps, index, status} = state.explanation;
  const values = new Map();
  const segments = new Set();  // lines: the segments the steps so far decide to be drawn
  for (const step of steps.slice(0, index + 1)) {
    for (const {cell, value} of step.cells) values.set(key(...cell), value);
    for (const segment of drawnSegments(step)) segments.add(segment);
    if (loops.isLoop(state.puzzle.board.kind)) loops.applyPairs({values, segments}, loops.pairsOf(step));
  }
  state.view = {values, segments, thin: true};
  const step = steps[index];
  state.highlights = noHighlights();
  state.highlights.hint = cells(stepCells(step));
  state.highlights.cited = cells(step.because);
  state.highlights.offSegments = undrawnSegments(step);
  state.highlights.loopHint = loops.pairsOf(step);
  $("steps").hidden = false;
  $("step-count").textContent = `Step ${index + 1} of ${steps.length}`;
  $("explain-prev").disabled = index === 0;
  $("explain-next").disabled = index === steps.length - 1;
  const last = index === steps.length - 1;
  const tail = last && status === "multiple" ? " No further cell is forced: several solutions remain."
    : last && status === "timeout" ? " The time limit ended the explanation here." : "";
  say(`Step ${index + 1}: ${quoted(step.text, state.explanation, step.rules)}${tail}`);
  draw();
}

function moveStep(delta) {
  if (!state.explanation) return;
  const index = state.explanation.index + delta;
  if (index < 0 || index >= state.explanation.steps.length) return;
  state.explanation.index = index;
  showStep();
}

const BADGES = {
  unique: "unique", multiple: "multiple solutions", solved: "solved (uniqueness not settled)",
  unsolvable: "no solution", timeout: "timeout",
};

async function solve() {
  if (!state.puzzle) return;
  const result = await ask("solve", puzzleRequest());
  if (!result) return;
  clearFindings();
  state.solution = {document: result, index: 0};
  $("solutions").hidden = false;
  $("badge").textContent = BADGES[result.status] || result.status;
  $("badge").className = `badge ${result.status}`;
  $("flip").hidden = result.solutions.length < 2;
  if (!result.solutions.length) {
    say(result.status === "timeout" ? "Solve: no solution found within the time limit." : "Solve: the puzzle has no solution.", "bad");
    draw();
    return;
  }
  showSolution();
}

function showSolution() {
  const {document, index} = state.solution;
  const board = state.puzzle.board;
  const values = new Map(document.values[index].map(([r, c, value]) => [key(r, c), value]));
  let segments = new Set();
  if (board.kind === "lines") {
    for (const path of Object.values(document.solutions[index].paths)) {
      for (let i = 1; i < path.length; i++) segments.add(segmentKey(path[i - 1], path[i]));
    }
    for (const [cell, value] of [...values]) if (value === "-") values.delete(cell);
  }
  if (loops.isLoop(board.kind)) segments = loops.solutionPairs(document.solutions[index]);
  state.view = {values, segments};
  state.highlights = noHighlights();
  state.highlights.differ = cells(document.differ);
  if (loops.isLoop(board.kind)) state.highlights = {...noHighlights(), loopDiffer: new Map((document.differ || []).map((ends) => [segmentKey(...ends), true]))};
  $("flip").textContent = `Show solution ${index === 0 ? 2 : 1}`;
  const several = document.solutions.length > 1
    ? ` Showing solution ${index + 1} of the first two found; the ${document.differ.length} ${loops.isLoop(board.kind) ? board.kind : "cells"} where they differ are marked.`
    : "";
  say(`Solve: ${BADGES[document.status]}.${several}`, document.status === "unique" ? "good" : "bad");
  draw();
}

function flip() {
  if (!state.solution) return;
  state.solution.index = 1 - state.solution.index;
  showSolution();
}

async function settle() {
  if (!state.puzzle) return;
  const result = await ask("settled", puzzleRequest());
  if (!result) return;
  clearFindings();
  if (result.status !== "settled") {
    say(result.status === "unsolvable" ? "The puzzle has no solution." : "Not settled within the time limit.", "bad");
    draw();
    return;
  }
  const board = state.puzzle.board;
  if (loops.isLoop(board.kind)) { showSettledPairs(result); return; }
  const values = new Map(result.cells.map(({cell, value}) => [key(...cell), value]));
  state.view = {values, segments: board.kind === "lines" ? joins(board, values) : new Set(), thin: true};
  const total = board.kind === "numbers" ? board.total : board.rows * board.cols;
  $("solutions").hidden = false;
  $("badge").textContent = `${values.size} of ${total} cells settled`;
  $("badge").className = "badge";
  $("flip").hidden = true;
  say(`Solved as far as possible: ${values.size} of ${total} cells are the same in every solution.`, "good");
  draw();
}

function backToMarks() {
  clearFindings();
  say("Your marks.");
  draw();
}

async function downloadSvg() {
  if (!state.puzzle) return;
  const h = state.highlights;
  const list = (set) => [...set].map(cellOf);
  const result = await ask("svg", puzzleRequest({
    ...(loops.isLoop(state.puzzle.board.kind) ? answer() : {}),
    answer: pictured(), conflicts: list(h.conflict), highlight: list(new Set([...h.hint, ...h.differ])), cited: list(h.cited),
  }));
  if (!result) return;
  const url = URL.createObjectURL(new Blob([result.svg], {type: "image/svg+xml"}));
  const link = document.createElement("a");
  link.href = url;
  link.download = `${state.puzzle.genre}.svg`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
  say("Downloaded the picture (your marks and what is highlighted).", "good");
}

async function copyLink() {
  if (!state.puzzle) return;
  const result = await ask("link", puzzleRequest());
  if (!result) return;
  $("link-out").value = result.link;
  try {
    await navigator.clipboard.writeText(result.link);
    say("Link copied.", "good");
  } catch (_denied) {
    $("link-out").select();
    say("Here is the link (select and copy it).", "good");
  }
}

async function generate() {
  const rows = Number($("gen-rows").value);
  const cols = Number($("gen-cols").value);
  // the seed as typed (the server reads it as the command line does, up to 2^63 - 1)
  const seedText = $("gen-seed").value.trim();
  const seed = seedText === "" ? Math.floor(Math.random() * 1_000_000) : seedText;
  const genre = $("gen-genre").value;
  const made = await ask("generate", {genre, rows, cols, seed, difficulty: $("gen-difficulty").value});
  if (made) show(made, `Generated a ${genre} ${rows}x${cols}, seed ${seed}${made.grade ? `, graded ${made.grade}` : ""}`);
}

// ------------------------------------------------------------------ wiring

function readUpload() {
  const file = $("upload").files[0];
  if (!file) return;
  if (file.size > 1_000_000) { say("That file is too large for a puzzle.", "error"); return; }
  const reader = new FileReader();
  reader.onload = () => open({genre: $("genre").value, source: {text: reader.result, name: file.name}}, `Opened ${file.name}`);
  reader.onerror = () => say(`Cannot read ${file.name}.`, "error");
  reader.readAsText(file);
}

function wire() {
  initAudit({state, $, ask, say, show, draw, clearFindings, puzzleRequest});
  $("link-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const link = $("link").value.trim();
    if (link) open({source: {link}}, "Opened the link");
  });
  $("upload").addEventListener("change", readUpload);
  $("open-text").addEventListener("click", () => {
    open({genre: $("genre").value, source: {text: $("paste").value, name: "the pasted grid"}}, "Opened the pasted grid");
  });
  $("open-example").addEventListener("click", () => {
    const [genre, example] = $("example").value.split("/");
    open({genre, source: {example}}, `Opened the example ${example}`);
  });
  $("generate").addEventListener("click", generate);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("clear").addEventListener("click", clearMarks);
  $("pause").addEventListener("click", () => pause(!state.timer.paused));
  for (const button of document.querySelectorAll("#pad [data-digit]")) {
    button.addEventListener("click", () => typeDigit(button.dataset.digit));
  }
  $("pad-back").addEventListener("click", () => deleteDigit(false));
  $("hide-timer").addEventListener("click", () => hideTimer(!$("timer").hidden));
  window.addEventListener("pagehide", save);
  document.addEventListener("visibilitychange", save);
  $("check").addEventListener("click", () => check(false));
  $("hint").addEventListener("click", hint);
  $("apply").addEventListener("click", applyHint);
  $("explain").addEventListener("click", explain);
  $("solve").addEventListener("click", solve);
  $("settle").addEventListener("click", settle);
  $("explain-prev").addEventListener("click", () => moveStep(-1));
  $("explain-next").addEventListener("click", () => moveStep(1));
  $("flip").addEventListener("click", flip);
  $("mine").addEventListener("click", backToMarks);
  $("mine-2").addEventListener("click", backToMarks);
  $("stop").addEventListener("click", async () => {
    const running = api.busy();
    await api.stop();
    hideBusy();
    if (!running || running.task !== "explain") say("Stopped.", "bad");  // explain says itself
  });
  $("svg").addEventListener("click", downloadSvg);
  $("copy-link").addEventListener("click", copyLink);
  $("autocheck").addEventListener("change", () => { if ($("autocheck").checked) check(true); });
  const board = $("board");
  board.addEventListener("pointerdown", onPointerDown);
  board.addEventListener("pointermove", onPointerMove);
  board.addEventListener("pointerup", onPointerUp);
  board.addEventListener("pointercancel", () => { tap = null; drag = null; loops.cancel(loopPage); endGesture(); });
  let resizing = null;
  window.addEventListener("resize", () => { clearTimeout(resizing); resizing = setTimeout(draw, 100); });
  board.addEventListener("keydown", onBoardKey);
  document.addEventListener("keydown", (event) => {
    if (!(event.ctrlKey || event.metaKey) || event.target.matches("input, textarea")) return;
    const lower = event.key.toLowerCase();
    if (lower === "z" && !event.shiftKey) { event.preventDefault(); undo(); }
    else if (lower === "y" || (lower === "z" && event.shiftKey)) { event.preventDefault(); redo(); }
  });
}

// Clear every mark, once the person says so (Undo brings them back).
function clearMarks() {
  if (!state.puzzle) return;
  const count = state.marks.values.size + state.marks.segments.size;
  if (!count) return;
  if (!window.confirm(`Clear all ${count} of your marks on this puzzle? (Undo brings them back.)`)) return;
  change((marks) => { marks.values.clear(); marks.segments.clear(); });
  say("Cleared your marks.");
}

async function start() {
  wire();
  hideTimer(Boolean(storeGet("timer-hidden")));
  setInterval(showTime, 500);
  try {
    state.info = await api.info();
  } catch (_failure) {
    say("The server cannot be reached: is `puzzlesolve serve` still running?", "error");
    return;
  }
  fillGenres();
  enableButtons();
  const query = new URLSearchParams(location.search);
  const link = query.get("link");
  const example = query.get("example");
  const last = storeGet("last");
  if (link) await open({source: {link}}, "Opened the link");
  else if (example && example.includes("/")) {
    const [genre, name] = example.split("/");
    await open({genre, source: {example: name}}, `Opened the example ${name}`);
  } else if (state.info.initial) await open(state.info.initial, "Opened the puzzle given to puzzlesolve serve");
  else if (last && last.source && last.source.text) await open(last, "Opened the puzzle you had open");
  else say("Open a puzzle: paste a link, upload a file, pick an example or generate one.");
  document.body.dataset.ready = "true";
}


// ------------------------------------------------------------------ the loop genres

// What loops.js may use of the page: the marks, and changing them as one undo step.
const loopPage = {state, change, beginGesture, endGesture};

// Slitherlink, Masyu: the pairs the same in every solution, drawn or crossed.
function showSettledPairs(result) {
  const view = {values: new Map(), segments: new Set(), thin: true};
  const pairs = loops.pairsOf(result);
  loops.applyPairs(view, pairs);
  state.view = view;
  const total = state.puzzle.board.kind === "edges"
    ? 2 * state.puzzle.board.rows * state.puzzle.board.cols + state.puzzle.board.rows + state.puzzle.board.cols
    : 2 * state.puzzle.board.rows * state.puzzle.board.cols - state.puzzle.board.rows - state.puzzle.board.cols;
  const what = state.puzzle.board.kind;
  $("solutions").hidden = false;
  $("badge").textContent = `${pairs.size} of ${total} ${what} settled`;
  $("badge").className = "badge";
  $("flip").hidden = true;
  say(`Solved as far as possible: ${pairs.size} of ${total} ${what} are the same in every solution (drawn, or crossed: no line).`, "good");
  draw();
}

start();
