// Shading and a loop on one board (Yajilin): the loop is drawn as Masyu's (kinds/loops.js:
// drag from cell to cell, click between two cells to draw, cross or clear a segment), and a
// click in the middle of an empty cell shades it, again marks it unshaded (a dot), again
// clears it. The marks: values "r,c" -> "shaded" | "unshaded" beside the pairs' "off", and
// the pairs drawn in `segments`.

import {cellOf, key, segmentCells, segmentKey, span, text} from "../board.js";
import {base, setValue} from "./common.js";
import loops, {applyPairs, pairsOf, solutionPairs} from "./loops.js";

const NEXT = {undefined: "shaded", shaded: "unshaded", unshaded: undefined};
const CENTRE = 0.3; // a click this near a cell's centre (in cells) marks the cell

let pending = null; // a press near a cell's centre: {cell, id, x, y}, until it moves

function clueAt(board, [r, c]) {
  return board.cells[r][c];
}

function render(container, board, display, highlights, cursor) {
  loops.render(container, board, display, highlights, cursor);
  for (const cell of container.querySelectorAll("[data-cell]")) {
    const [r, c] = cellOf(cell.dataset.cell);
    const clue = clueAt(board, [r, c]);
    const value = display.values.get(cell.dataset.cell);
    if (clue !== null) { cell.classList.add("clue"); cell.append(text(clue)); }
    if (value === "shaded") cell.classList.add("shaded");
    if (value === "unshaded") cell.append(span("dot"));
    if (value) cell.setAttribute("aria-label", `${cell.getAttribute("aria-label")}, ${value}`);
  }
}

function answer(_board, marks) {
  const pairs = [...marks.segments].map((pair) => ({segment: segmentCells(pair), on: true}));
  for (const [site, value] of marks.values) {
    if (site.includes("|") && value === "off") pairs.push({segment: segmentCells(site), on: false});
  }
  const cells = [...marks.values].filter(([site]) => !site.includes("|"));
  return {answer: cells.map(([cell, value]) => [...cellOf(cell), value]), segments: pairs};
}

function pointerDown(event, page, cell) {
  const box = cell && event.currentTarget.querySelector(`[data-cell="${key(...cell)}"]`);
  if (box) {
    const rect = box.getBoundingClientRect();
    const [dy, dx] = [(event.clientY - rect.top) / rect.height - 0.5, (event.clientX - rect.left) / rect.width - 0.5];
    const near = Math.hypot(dy, dx) < CENTRE && clueAt(page.state.puzzle.board, cell) === null;
    pending = near ? {cell: key(...cell), id: event.pointerId, x: event.clientX, y: event.clientY, size: rect.width} : null;
  }
  loops.pointerDown(event, page);
}

function pointerMove(event, page) {
  if (pending && Math.hypot(event.clientX - pending.x, event.clientY - pending.y) > pending.size / 2) pending = null;
  loops.pointerMove(event, page);
}

function pointerUp(event, page) {
  if (pending && pending.id === event.pointerId) {
    const {cell} = pending;
    pending = null;
    loops.cancel(page);
    const container = event.currentTarget;
    if (container.hasPointerCapture(event.pointerId)) container.releasePointerCapture(event.pointerId);
    page.change((marks) => setValue(marks, cell, NEXT[marks.values.get(cell)]));
    return;
  }
  loops.pointerUp(event, page);
}

const KEYS = {"#": "shaded", s: "shaded", o: "unshaded", ".": "unshaded"};

export default {
  ...loops,
  kinds: ["shadeloop"],
  how: () => "Click the middle of a cell to shade it, again to mark it unshaded (a dot), again to clear; drag from cell to cell to draw the loop, click between two cells to draw, cross or clear a segment.",
  render,
  answer,
  pointerDown,
  pointerMove,
  pointerUp,
  cancel(page) { pending = null; loops.cancel(page); },
  key(event, page) {
    if (event.key in KEYS && clueAt(page.state.puzzle.board, page.state.cursor) === null) {
      event.preventDefault();
      const cell = key(...page.state.cursor);
      page.change((marks) => setValue(marks, cell, KEYS[event.key]));
      return true;
    }
    return loops.key(event, page);
  },
  apply(marks, step) {
    base.apply(marks, step);
    applyPairs(marks, pairsOf(step));
  },
  solution(board, document, index) {
    const found = document.solutions[index];
    const values = new Map((found.shaded || []).map(([r, c]) => [key(r, c), "shaded"]));
    const sites = document.differ || [];
    const pairs = new Map(sites.filter((site) => Array.isArray(site[0])).map((ends) => [segmentKey(...ends), true]));
    const cells = new Set(sites.filter((site) => !Array.isArray(site[0])).map(([r, c]) => key(r, c)));
    return {view: {values, segments: solutionPairs(found)}, highlights: {loopDiffer: pairs, differ: cells}, where: "cells and segments"};
  },
  settled(board, result) {
    const view = {values: new Map((result.cells || []).map(({cell, value}) => [key(...cell), value])), segments: new Set(), thin: true};
    const pairs = pairsOf(result);
    applyPairs(view, pairs);
    return {view, count: view.values.size, total: board.rows * board.cols, what: "cells (and the segments between them)"};
  },
};
