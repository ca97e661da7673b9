// Stars (Star Battle): the regions drawn with thick borders; a click puts a star in a cell,
// again a dot (no star), again clears it. The marks: values "r,c" -> "star" | "empty".

import {cellName, cellSize, drawCells, highlightWords, key, span} from "../board.js";
import {base, setValue} from "./common.js";

const CYCLE = {undefined: "star", star: "empty", empty: undefined};
const KEYS = {"*": "star", s: "star", x: "empty", ".": "empty", Delete: null, Backspace: null};

function cycle(page, cell) {
  page.change((marks) => setValue(marks, cell, CYCLE[marks.values.get(cell)]));
}

let tap = null; // a finger down on a cell: {cell, id}; it marks the cell when it lifts

export default {
  ...base,
  kinds: ["stars"],
  how: (board) => `Click a cell to place a star, again to mark it with a dot (no star), again to clear: ${board.stars} in every row, column and region.`,

  render(container, board, display, highlights, cursor) {
    drawCells(container, board, cellSize(board, container), highlights, cursor, (cell, r, c) => {
      const region = board.regions[r][c];
      if (c + 1 < board.cols && board.regions[r][c + 1] !== region) cell.classList.add("wall-right");
      if (r + 1 < board.rows && board.regions[r + 1][c] !== region) cell.classList.add("wall-bottom");
      const value = display.values.get(key(r, c));
      if (value === "star") { cell.classList.add("starred"); cell.append(span("star", "\u2605")); }
      if (value === "empty") { cell.classList.add("no-star"); cell.append(span("dot")); }
      const words = [cellName([r, c]), `region ${region}`];
      words.push(value === "star" ? "star" : value === "empty" ? "no star" : "not marked");
      return [...words, ...highlightWords(highlights, key(r, c))].join(", ");
    });
  },

  pointerDown(event, page, cell) {
    if (!cell) return;
    // a finger may be starting to scroll or zoom the board: its tap marks when it lifts
    if (event.pointerType === "touch") { tap = {cell, id: event.pointerId}; return; }
    cycle(page, key(...cell));
  },

  pointerUp(event, page) {
    if (!tap || tap.id !== event.pointerId) return;
    const cell = page.cellAt(event);
    if (cell && cell[0] === tap.cell[0] && cell[1] === tap.cell[1]) cycle(page, key(...cell));
    tap = null;
  },

  cancel() {
    tap = null;
  },

  key(event, page) {
    const cell = key(...page.state.cursor);
    let value;
    if (event.key === " " || event.key === "Enter") value = CYCLE[page.state.marks.values.get(cell)];
    else if (event.key in KEYS) value = KEYS[event.key] || undefined;
    else return false;
    event.preventDefault();
    page.change((marks) => setValue(marks, cell, value));
    return true;
  },
};
