// Shading (Hitori, Nurikabe, Heyawake: its rooms' thick borders from board.regions): a click shades a cell, again marks it unshaded (Hitori: a
// circle, Nurikabe: a dot), again clears it. The marks: values "r,c" -> "shaded" |
// "unshaded".

import {cellName, cellOf, cellSize, drawCells, highlightWords, key, span, text} from "../board.js";
import {base, cycling, walls} from "./common.js";

const KEYS = {"#": "shaded", s: "shaded", o: "unshaded", ".": "unshaded", Delete: null, Backspace: null};

// Nurikabe: a numbered cell is unshaded by rule 1 and takes no mark.
function fixedClue(page, cell) {
  const board = page.state.puzzle.board;
  const [r, c] = cellOf(cell);
  if (!board.clues_fixed || board.cells[r][c] === null) return false;
  page.say(`r${r + 1}c${c + 1} shows a number: it stays unshaded.`);
  return true;
}

export default {
  ...base,
  ...cycling(["shaded", "unshaded"], KEYS, fixedClue),
  kinds: ["shade"],
  how: () => "Click a cell to shade it, again to mark it unshaded (Hitori: circle, Nurikabe and Heyawake: dot), again to clear.",

  render(container, board, display, highlights, cursor) {
    drawCells(container, board, cellSize(board, container), highlights, cursor, (cell, r, c) => {
      const clue = board.cells[r][c];
      const value = display.values.get(key(r, c));
      if (board.regions) walls(board, cell, r, c);
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
};
