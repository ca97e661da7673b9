// What a board kind does unless it says otherwise (each kind module spreads `base` and
// overrides what differs). A board kind draws and marks one way of solving: shade cells,
// type numbers, draw lines, draw a loop. Its interface, called by app.js (documented in
// docs/adding-a-genre.md, "The page's board kinds"):
//
//   kinds                     the board kinds it serves (the server's board.kind, from the
//                             genre's draw module PAGE)
//   how(board)                one line saying how to mark
//   render(container, board, display, highlights, cursor)
//                             draw the board: display = {values: Map, segments: Set, thin}
//   answer(board, marks)      the marks as a request's fields (check, hint, solved)
//   picture(board, marks)     the marks as the SVG request's fields
//   pointerDown(event, page, cell), pointerMove(event, page), pointerUp(event, page),
//   cancel(page)              marking by mouse and finger (cell: the cell under the pointer)
//   key(event, page)          a key on the board (the number pad's too); true when handled
//   cursorMoved()             the cursor went to another cell
//   apply(marks, step)        a step's decisions (a hint, an explanation's) into marks/a view
//   highlight(highlights, step), conflict(highlights, conflict)
//                             what a step or a conflict highlights
//   solution(board, document, index), settled(board, result)
//                             a solution, or what every solution shares, as a view
//   pad                       whether the number pad (and its Pencil button) is shown
//   pencilMode(on)            numbers typed are pencil marks (on) or numbers
//
// `page` gives a kind what it may use of the page: state (marks, cursor, puzzle), change
// (one undo step), beginGesture/endGesture (a drag as one undo step), draw, say, cellAt.

import {cellOf, key} from "../board.js";

export function setValue(marks, cell, value) {
  if (value === undefined) marks.values.delete(cell);
  else marks.values.set(cell, value);
}

export function cells(list) {
  return new Set((list || []).map(([r, c]) => key(r, c)));
}

// The cells a step is about: those it decides, those of the segments it decides (a
// Numberlink step may decide only that a piece of line between two cells is drawn or not)
// and those it narrows (a step of a named technique may rule values out rather than decide:
// {"cell", "not"} or {"number", "cells"}).
export function stepCells(step) {
  const narrowed = (step.narrows || []).flatMap((item) => (item.cell ? [item.cell] : item.cells || []));
  const segments = (step.segments || []).flatMap((segment) => segment.cells || []);
  return [...(step.cells || []).map((item) => item.cell), ...segments, ...narrowed];
}

// A kind whose cells cycle through marks on a click (Hitori's and Nurikabe's shading, Star
// Battle's stars, Light Up's lights): a click or a tap steps a cell along `order` (from
// unmarked back to unmarked), `keys` set a mark at the cursor (null clears it), and
// `refuses(page, cell)` says why a cell takes no mark (and says it to the person), or is
// false. A finger's tap marks when it lifts: it may be starting to scroll or zoom the board.
// The thick borders of a board's regions (Star Battle, Heyawake): a cell whose right or lower
// neighbour lies in another region gets a wall there; returns the cell's region.
export function walls(board, cell, r, c) {
  const region = board.regions[r][c];
  if (c + 1 < board.cols && board.regions[r][c + 1] !== region) cell.classList.add("wall-right");
  if (r + 1 < board.rows && board.regions[r + 1][c] !== region) cell.classList.add("wall-bottom");
  return region;
}

export function cycling(order, keys, refuses = () => false) {
  let tap = null; // a finger down on a cell: {cell, id}
  const next = (value) => order[(order.indexOf(value) + 1) % (order.length + 1)];
  const step = (page, cell) => {
    if (!refuses(page, cell)) page.change((marks) => setValue(marks, cell, next(marks.values.get(cell))));
  };
  return {
    pointerDown(event, page, cell) {
      if (!cell) return;
      if (event.pointerType === "touch") { tap = {cell, id: event.pointerId}; return; }
      step(page, key(...cell));
    },
    pointerUp(event, page) {
      if (!tap || tap.id !== event.pointerId) return;
      const cell = page.cellAt(event);
      if (cell && cell[0] === tap.cell[0] && cell[1] === tap.cell[1]) step(page, key(...cell));
      tap = null;
    },
    cancel() {
      tap = null;
    },
    key(event, page) {
      const cell = key(...page.state.cursor);
      let value;
      if (event.key === " " || event.key === "Enter") value = next(page.state.marks.values.get(cell));
      else if (event.key in keys) value = keys[event.key] || undefined;
      else return false;
      event.preventDefault();
      if (!refuses(page, cell)) page.change((marks) => setValue(marks, cell, value));
      return true;
    },
  };
}

export const base = {
  kinds: [],
  pad: false,
  how: () => "",
  answer(_board, marks) {
    return {answer: [...marks.values].map(([cell, value]) => [...cellOf(cell), value])};
  },
  picture(board, marks) {
    return this.answer(board, marks);
  },
  pointerDown() {},
  pointerMove() {},
  pointerUp() {},
  cancel() {},
  cursorMoved() {},
  pencilMode() {},
  key: () => false,
  apply(marks, step) {
    for (const {cell, value} of step.cells || []) setValue(marks, key(...cell), value);
  },
  highlight(highlights, step) {
    highlights.hint = cells(stepCells(step));
    highlights.cited = cells(step.because);
  },
  conflict(highlights, conflict) {
    for (const cell of cells(conflict.cells)) highlights.conflict.add(cell);
    for (const cell of cells(conflict.because)) highlights.cited.add(cell);
  },
  // {view, differ: highlights to add, where: "cells"}
  solution(_board, document, index) {
    const values = new Map(document.values[index].map(([r, c, value]) => [key(r, c), value]));
    return {view: {values, segments: new Set()}, highlights: {differ: cells(document.differ)}, where: "cells"};
  },
  // {view, count, total, what}
  settled(board, result) {
    const values = new Map(result.cells.map(({cell, value}) => [key(...cell), value]));
    return {view: {values, segments: new Set(), thin: true}, count: values.size, total: board.rows * board.cols, what: "cells"};
  },
};
