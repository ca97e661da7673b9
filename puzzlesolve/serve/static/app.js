// The page: the puzzle as the server read it, the person's marks (the answer that check
// and hint judge), and what the solver said about them. The marks are the one copy of the
// puzzle's state; every request sends them, the server keeps nothing between requests.

import * as api from "./api.js";
import {cellOf, key} from "./board.js";
import {clearAudit, decorate, initAudit} from "./audit.js";
import {kindOf} from "./kinds/index.js";

const $ = (id) => document.getElementById(id);

// The board kind's module (kinds/): it draws the board and reads the person's marks.
const kind = () => kindOf(state.puzzle.board);

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
    const stopped = error.startsWith("Stopped") ? error : `Stopped: ${error}`;
    say(outcome.stopped ? `${stopped}${/[.!?]$/.test(stopped) ? "" : "."}` : error, "error");
  }
  return null;
}

function puzzleRequest(extra = {}) {
  const puzzle = state.puzzle;
  const switches = [...document.querySelectorAll("#options input:checked")].map((box) => box.value);
  return {genre: puzzle.genre, source: puzzle.source, switches, ...extra};
}

// The marks as the answer check and hint judge (the board kind's form, read on the server
// by the genre's own feature).
function answer() {
  return kind().answer(state.puzzle.board, state.marks);
}

// ------------------------------------------------------------------ drawing

function draw() {
  const board = state.puzzle && state.puzzle.board;
  if (!board) return;
  const display = state.view || {values: state.marks.values, segments: state.marks.segments};
  kind().render($("board"), board, display, state.highlights, state.cursor);
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
  $("how").textContent = kind().how(board);
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
  $("pad").hidden = !kind().pad;
  if (state.pencil) togglePencil(false);
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

// The cell under the pointer, or null off the board.
function cellAt(event) {
  const board = state.puzzle.board;
  // measured from the first cell: a line's clues may stand beside the grid (Nonogram's runs)
  const first = document.getElementById("cell-0-0");
  if (!first) return null;
  const rect = first.getBoundingClientRect();
  const size = rect.width;
  const r = Math.floor((event.clientY - rect.top) / size);
  const c = Math.floor((event.clientX - rect.left) / size);
  return r >= 0 && c >= 0 && r < board.rows && c < board.cols ? [r, c] : null;
}

// What a board kind's module may use of the page (kinds/common.js).
const page = {state, change, beginGesture, endGesture, draw: () => draw(), say: (text) => say(text), cellAt, togglePencil};

// Pencil marks (the numbers a cell may still hold) instead of numbers, for boards of numbers.
function togglePencil(on = !state.pencil) {
  state.pencil = on;
  kind().pencilMode(on);
  $("pencil").setAttribute("aria-pressed", String(on));
  $("pencil").textContent = on ? "Pencil: on" : "Pencil: off";
  draw();
}

// Two fingers on the board zoom or pan it: they never write a mark. A gesture a second
// finger joins (or the browser takes over: pointercancel) is undone, and nothing marks until
// every finger is lifted.
const fingers = new Set();
let zooming = false;

function abandonGesture() {
  const before = gesture;
  gesture = null;
  if (state.puzzle) kind().cancel(page);
  if (before && !sameMarks(before, state.marks)) { state.marks = before; afterChange(); }
  else draw();
}

function onPointerDown(event) {
  if (!state.puzzle || event.button !== 0) return;
  fingers.add(event.pointerId);
  if (fingers.size > 1 || zooming) {
    if (!zooming) { zooming = true; abandonGesture(); }
    return;
  }
  if (state.view) { state.view = null; clearFindings(); }
  const cell = cellAt(event);
  if (cell) { state.cursor = cell; kind().cursorMoved(page); }
  kind().pointerDown(event, page, cell);
}

function onPointerMove(event) {
  if (state.puzzle && !zooming) kind().pointerMove(event, page);
}

function onPointerUp(event) {
  fingers.delete(event.pointerId);
  if (zooming) { zooming = fingers.size > 0; return; }
  if (state.puzzle) kind().pointerUp(event, page);
}

function onPointerCancel(event) {
  fingers.delete(event.pointerId);
  zooming = fingers.size > 0;
  abandonGesture();
}

const ARROWS = {ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1]};

function onBoardKey(event) {
  if (!state.puzzle) return;
  const board = state.puzzle.board;
  if (ARROWS[event.key]) {
    event.preventDefault();
    if (kind().key(event, page)) return;  // Shift+arrow: a loop's pair beside the cursor
    const [dr, dc] = ARROWS[event.key];
    const next = [state.cursor[0] + dr, state.cursor[1] + dc];
    if (next[0] < 0 || next[1] < 0 || next[0] >= board.rows || next[1] >= board.cols) return;
    state.cursor = next;
    kind().cursorMoved(page);
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
  kind().key(event, page);
}

// The number pad: its buttons are the keys they show.
function padKey(name) {
  if (state.puzzle) kind().key({key: name, shiftKey: false, preventDefault() {}}, page);
}

// ------------------------------------------------------------------ asking the solver

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
  for (const conflict of document.conflicts || []) kind().conflict(state.highlights, conflict);
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

// An answer about marks changed since it was asked is dropped (it might say "solved" of
// marks an Undo has taken back).
function outdated(version, what, quiet) {
  if (version === state.version) return false;
  if (!quiet) say(`${what}: your marks changed meanwhile; ask again.`, "bad");
  return true;
}

async function check(quiet = false) {
  if (!state.puzzle) return;
  const version = state.version;
  const result = await ask("check", puzzleRequest(answer()), {quiet});
  if (!result || outdated(version, "Check", quiet)) return;
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
  const version = state.version;
  const result = await ask("hint", puzzleRequest(answer()));
  if (!result || outdated(version, "Hint", false)) return;
  clearFindings();
  if (result.status === "hint") {
    const step = result.step;
    state.hintStep = step;
    kind().highlight(state.highlights, step);
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

function applyHint() {
  const step = state.hintStep;
  if (!step) return;
  change((marks) => kind().apply(marks, step));
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
    const why = outcome.ok || /time limit/.test(outcome.error) ? "the time limit ended the explanation"
      : /memory/.test(outcome.error) ? "the memory limit ended the explanation" : "the explanation was stopped";
    say(`Explain: ${why} after ${plural(result.steps.length, "step")}; here they are. ${$("message").textContent}`, "bad");
  }
}

function showStep() {
  const {steps, index, status} = state.explanation;
  const view = {values: new Map(), segments: new Set(), thin: true};
  for (const step of steps.slice(0, index + 1)) kind().apply(view, step);
  state.view = view;
  const step = steps[index];
  state.highlights = noHighlights();
  kind().highlight(state.highlights, step);
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
  const shown = kind().solution(state.puzzle.board, document, index);
  state.view = shown.view;
  state.highlights = {...noHighlights(), ...shown.highlights};
  $("flip").textContent = `Show solution ${index === 0 ? 2 : 1}`;
  const several = document.solutions.length > 1
    ? ` Showing solution ${index + 1} of the first two found; the ${document.differ.length} ${shown.where} where they differ are marked.`
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
  const {view, count, total, what} = kind().settled(board, result);
  state.view = view;
  $("solutions").hidden = false;
  $("badge").textContent = `${count} of ${total} ${what.split(" ")[0]} settled`;
  $("badge").className = "badge";
  $("flip").hidden = true;
  say(`Solved as far as possible: ${count} of ${total} ${what} are the same in every solution.`, "good");
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
    ...kind().picture(state.puzzle.board, state.marks), conflicts: list(h.conflict), highlight: list(new Set([...h.hint, ...h.differ])), cited: list(h.cited),
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
    button.addEventListener("click", () => padKey(button.dataset.digit));
  }
  $("pad-back").addEventListener("click", () => padKey("Backspace"));
  $("pad-enter").addEventListener("click", () => padKey("Enter"));
  $("pencil").addEventListener("click", () => togglePencil());
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
  board.addEventListener("pointercancel", onPointerCancel);
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
  const {time_limit: seconds, memory_limit: mib} = state.info;
  $("limits").textContent = `Each request stops at ${seconds} s and ${mib.toLocaleString("en")} MiB of memory, whatever it found by then (puzzlesolve serve --time-limit, --memory-limit).`;
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


start();
