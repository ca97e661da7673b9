// The Audit panel: what an author asks of the puzzle on screen (/api/audit, as
// `puzzlesolve audit`): unique or not, the cells where solutions differ, the fewest clues
// that make it unique (drawn on the board as dashed green "+" chips, a click adds them),
// the redundant clues (a struck-through clue with a "−" chip, a click takes it away), the
// grade. Adding or taking away a clue asks the server for the puzzle's new text
// (/api/edit), which is then the puzzle on screen, and audits it again.
//
// app.js owns the page's state; it hands this module what it needs (`initAudit`), calls
// `decorate` after each drawing of the board and `clearAudit` when its findings go.

import {cellName, key, segmentKey} from "./board.js";

let page = null;   // app.js's helpers: {state, $, ask, say, show, draw, clearFindings, puzzleRequest}
let report = null; // the last audit's answer, while it is on screen
let chosen = 0;    // which of the repairs is drawn on the board
// the puzzles before each change made here, while the puzzle on screen is the last one made
// (opening another puzzle forgets them): "Undo the change" goes back one
let edits = {made: null, before: []};

export function initAudit(helpers) {
  page = helpers;
  const {$} = page;
  $("audit").addEventListener("click", () => audit());
  $("audit-panel").addEventListener("click", onPanelClick);
}

// The options the author chose, sent with every audit (and kept for the audit after an edit).
function options() {
  const {$} = page;
  return {symmetry: $("audit-symmetry").value, keep_grade: $("audit-keep-grade").checked};
}

export async function audit(prefix = "") {
  const {state, ask} = page;
  if (!state.puzzle) return;
  const result = await ask("audit", page.puzzleRequest(options()));
  if (!result) return;
  page.clearFindings();
  report = result;
  chosen = 0;
  // the clues alone: the author's question is about the puzzle, not the marks
  state.view = {values: new Map(), segments: new Set()};
  state.highlights.differ = cellSet(result.differ);
  if (pairSites(result)) { // a loop genre's sites: edges or segments, marked as a solve's are
    state.highlights.differ = new Set();
    state.highlights.loopDiffer = new Map(result.differ.map((ends) => [segmentKey(...ends), true]));
  }
  if (result.conflict) state.highlights.conflict = cellSet(result.conflict.clues);
  showReport(prefix);
  page.draw();
}

export function clearAudit() {
  report = null;
  if (page) page.$("audit-panel").hidden = true;
}

// Whether the sites that differ are pairs (Slitherlink's edges, Masyu's segments).
function pairSites(result) {
  const first = (result.differ || [])[0];
  return Boolean(first) && Array.isArray(first[0]);
}

function cellSet(list) {
  return new Set((list || []).map(([r, c]) => key(r, c)));
}

const names = (cells) => cells.map(cellName).join(" ");
const clueText = (clue) => `${cellName(clue.cell)} = ${clue.value}`;

// "2", or "more than 1000" for the audit's ">1000"
function count(solutions) {
  const text = String(solutions);
  return text.startsWith(">") ? `more than ${text.slice(1)}` : text;
}

function element(tag, text = "", attributes = {}) {
  const node = document.createElement(tag);
  node.textContent = text;
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

function button(text, action, index, title = "") {
  const node = element("button", text, {type: "button", "data-audit": action, "data-index": String(index)});
  if (title) node.title = title;
  return node;
}

// The panel's words, one short paragraph each (they wrap at 400 px).
function showReport(prefix) {
  const {$, say} = page;
  const panel = $("audit-panel");
  panel.replaceChildren();
  panel.hidden = false;
  const status = report.status;
  const badge = element("span", "", {class: `badge ${status}`, id: "audit-status"});
  badge.textContent = status === "unique" ? "unique"
    : status === "multiple" ? `not unique: ${count(report.solutions)} solutions` : "no solution";
  panel.append(element("h3", "Audit"), " ", badge);
  const notes = report.notes || {};
  if (status === "unsolvable") {
    panel.append(element("p", "no solution: nothing to repair"));
    if (report.conflict) {
      panel.append(element("p", `Clues in conflict (marked !): ${names(report.conflict.clues)}. ${report.conflict.text}`, {id: "audit-conflict"}));
    }
  }
  if (status === "multiple") {
    const sites = pairSites(report) ? (report.genre === "slitherlink" ? "edges" : "segments") : "cells";
    panel.append(element("p", `Solutions differ at ${report.differ.length} ${sites} (marked${sites === "cells" ? " ≠" : ""}).`, {id: "audit-differ"}));
    const repairs = report.repairs || [];
    if (repairs.length) {
      const list = element("ol", "", {id: "audit-repairs", class: "audit-list"});
      repairs.forEach((repair, index) => {
        const item = element("li", "");
        const clues = repair.add.map(clueText).join(", ");
        item.append(element("span", `${clues}${repair.unique === false ? " (not re-proved unique)" : ""} `));
        if (index !== chosen) item.append(button("Show", "show", index, "Draw this repair on the board"), " ");
        else item.append(element("span", "(on the board) ", {class: "audit-shown"}));
        item.append(button(repair.add.length > 1 ? "Add these clues" : "Add this clue", "add", index));
        list.append(item);
      });
      const fewest = repairs[0].add.length;
      const clues = fewest === 1 ? "1 clue makes" : `${fewest} clues make`;
      panel.append(element("p", `Repair: ${clues} it unique (re-checked). Click the + on the board, or a button, to add:`), list);
    }
  }
  if (notes.repairs && status !== "unsolvable") panel.append(element("p", `Repairs: ${notes.repairs}`, {class: "audit-note"}));
  if (status === "unique") {
    const redundant = report.redundant || [];
    if (redundant.length) {
      panel.append(element("p", `Redundant clues, each alone (struck through, − removes it): ${names(redundant)}`, {id: "audit-redundant"}));
      const removable = report.removable || [];
      if (removable.length > 1) {
        const line = element("p", `Removable together: ${names(removable)} `);
        line.append(button(`Remove these ${removable.length}`, "remove-all", 0));
        panel.append(line);
      }
    } else {
      panel.append(element("p", notes.redundant ? `Redundant clues: ${notes.redundant}` : "No redundant clue: each one is needed.", {id: "audit-redundant"}));
    }
  }
  const grade = report.grade || {};
  if (grade.grade) {
    const tiers = Object.entries(grade.tiers || {}).filter(([, n]) => n).map(([tier, n]) => `${n} ${tier}`).join(", ");
    panel.append(element("p", `Grade: ${grade.grade} (${grade.steps} steps${tiers ? `: ${tiers}` : ""}).`, {id: "audit-grade"}));
    if (grade.hardest) panel.append(element("p", `Hardest step: ${grade.hardest.text}`, {class: "audit-note"}));
  } else if (notes.grade) {
    // the page's "keep grade" box is the command line's --keep-grade
    panel.append(element("p", `Grade: ${notes.grade.replace("--keep-grade", "\"keep grade\"")}`, {id: "audit-grade", class: "audit-note"}));
  }
  if (edits.made === page.state.puzzle && edits.before.length) {
    const line = element("p", "");
    line.append(button("Undo the change", "undo", 0, "Back to the puzzle before the last clue added or removed here"));
    panel.append(line);
  }
  const summary = badge.textContent + (status === "multiple" && report.repairs.length ? "; a repair is marked + on the board" : "");
  say(`${prefix}Audit: ${summary}.`, status === "unique" ? "good" : "bad");
}

function onPanelClick(event) {
  const target = event.target.closest("button[data-audit]");
  if (!target || !report) return;
  const index = Number(target.dataset.index);
  if (target.dataset.audit === "show") { chosen = index; showReport(""); page.draw(); }
  else if (target.dataset.audit === "add") addRepair(report.repairs[index]);
  else if (target.dataset.audit === "remove-all") removeClues(report.removable);
  else if (target.dataset.audit === "undo") undoEdit();
}

// The puzzle with the repair's clues added is the puzzle on screen, audited again.
async function addRepair(repair) {
  const added = repair.add.map(clueText).join(", ");
  await edit({add: repair.add}, `Added ${added}. `);
}

async function removeClues(cells) {
  await edit({remove: cells}, `Removed the ${cells.length === 1 ? "clue" : "clues"} at ${names(cells)}. `);
}

async function edit(change, told) {
  const {ask, show} = page;
  const kept = options();
  const before = page.state.puzzle;
  const loaded = await ask("edit", page.puzzleRequest(change));
  if (!loaded) return;
  edits = {made: loaded, before: edits.made === before ? [...edits.before, before] : [before]};
  show(loaded, told.trim().replace(/\.$/, ""));
  page.$("audit-symmetry").value = kept.symmetry;
  page.$("audit-keep-grade").checked = kept.keep_grade;
  await audit(told);
}

async function undoEdit() {
  const {show} = page;
  const kept = options();
  const before = edits.before.pop();
  if (!before) return;
  edits.made = before;
  show(before, "Undid the change");
  page.$("audit-symmetry").value = kept.symmetry;
  page.$("audit-keep-grade").checked = kept.keep_grade;
  await audit("Undid the change. ");
}

// After each drawing of the board: the chosen repair's clues as "+" chips on their cells,
// each redundant clue struck through with a "−" chip (only while the audit's view is shown).
export function decorate(container) {
  const {state} = page;
  if (!report || !state.view) return;
  const cellAt = (cell) => container.querySelector(`[data-cell="${key(...cell)}"]`);
  const repair = (report.repairs || [])[chosen];
  for (const clue of (repair && report.status === "multiple" ? repair.add : [])) {
    const cell = cellAt(clue.cell);
    if (!cell) continue;
    const others = repair.add.filter((other) => other !== clue);
    const label = `add the clue ${clueText(clue)}${others.length ? ` (with ${others.map(clueText).join(", ")})` : ""}`;
    cell.classList.add("suggest");
    cell.append(chip("suggest-chip", `+${clue.value}`, label, () => addRepair(repair)));
  }
  for (const at of (report.status === "unique" ? report.redundant || [] : [])) {
    const cell = cellAt(at);
    if (!cell) continue;
    cell.classList.add("redundant");
    cell.append(chip("redundant-chip", "−", `remove the redundant clue at ${cellName(at)}`, () => removeClues([at])));
  }
}

// A small button on a cell; the board's own clicks (marking) never see it.
function chip(className, text, label, action) {
  const node = element("button", text, {type: "button", class: className, "aria-label": label, title: label});
  node.addEventListener("pointerdown", (event) => event.stopPropagation());
  node.addEventListener("keydown", (event) => event.stopPropagation()); // Space: the chip's, not a mark
  node.addEventListener("click", (event) => { event.stopPropagation(); action(); });
  return node;
}
