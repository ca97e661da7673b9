// Shading (Hitori, Nurikabe): a click shades a cell, again marks it unshaded (Hitori: a
// circle, Nurikabe: a dot), again clears it. The marks: values "r,c" -> "shaded" |
// "unshaded".

import {cellName, cellOf, cellSize, drawCells, highlightWords, key, span, text} from "../board.js";
import {base, setValue} from "./common.js";

const CYCLE = {undefined: "shaded", shaded: "unshaded", unshaded: undefined};
const KEYS = {"#": "shaded", s: "shaded", o: "unshaded", ".": "unshaded", Delete: null, Backspace: null};

// Nurikabe: a numbered cell is unshaded by rule 1 and takes no mark.
function fixedClue(page, cell) {
  const board = page.state.puzzle.board;
  const [r, c] = cellOf(cell);
  if (!board.clues_fixed || board.cells[r][c] === null) return false;
  page.say(`r${r + 1}c${c + 1} shows a number: it stays unshaded.`);
  return true;
}

function cycle(page, cell) {
  if (fixedClue(page, cell)) return;
  page.change((marks) => setValue(marks, cell, CYCLE[marks.values.get(cell)]));
}

let tap = null; // a finger down on a cell: {cell, id}; it marks the cell when it lifts

export default {
  ...base,
  kinds: ["shade"],
  how: () => "Click a cell to shade it, again to mark it unshaded (Hitori: circle, Nurikabe: dot), again to clear.",

  render(container, board, display, highlights, cursor) {
    drawCells(container, board, cellSize(board, container), highlights, cursor, (cell, r, c) => {
      const clue = board.cells[r][c];
      const value = display.values.get(key(r, c));
      if (clue !== null) cell.append(text(String(clue)));
      if (clue !== null && String(clue).length > 2) cell.classList.add("long");
      if (value === "shaded") cell.classList.add("shaded");
      if (value === "unshaded") {
        cell.classList.add("unshaded");
        // Hitori circles a cell kept white; Nurikabe dots it (its numbers are white already)
        if (board.unshaded === "ring") cell.append(span("ring"));
        else if (clue === null) cell.append(span("dot"));
      }
      const words = [cellName([r, c])];
      if (clue !== null) words.push(String(clue));
      words.push(value === "shaded" ? "shaded" : value === "unshaded" ? "unshaded" : "not marked");
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
    if (!fixedClue(page, cell)) page.change((marks) => setValue(marks, cell, value));
    return true;
  },
};
