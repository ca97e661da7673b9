// Lights (Light Up): a click puts a light in a white cell, again marks it without one (a
// dot), again clears it; a black cell takes no mark. The cells the lights shine on are
// tinted, as one sees the lit part of the board grow on paper. The marks: values "r,c" ->
// "light" | "empty".

import {cellName, cellOf, cellSize, drawCells, highlightWords, key, span, text} from "../board.js";
import {base, cycling} from "./common.js";

const KEYS = {"*": "light", l: "light", x: "empty", ".": "empty", Delete: null, Backspace: null};
const STEPS = [[0, 1], [1, 0], [0, -1], [-1, 0]];

// The white cells the lights light: their own, and along their rows and columns up to a
// black cell or the edge.
function litCells(board, values) {
  const lit = new Set();
  for (const [cell, value] of values) {
    if (value !== "light") continue;
    const [r0, c0] = cellOf(cell);
    lit.add(cell);
    for (const [dr, dc] of STEPS) {
      for (let r = r0 + dr, c = c0 + dc; r >= 0 && c >= 0 && r < board.rows && c < board.cols
        && board.cells[r][c] === null; r += dr, c += dc) lit.add(key(r, c));
    }
  }
  return lit;
}

function black(page, cell) {
  const [r, c] = cellOf(cell);
  if (page.state.puzzle.board.cells[r][c] === null) return false;
  page.say(`r${r + 1}c${c + 1} is a black cell: it takes no light.`);
  return true;
}

export default {
  ...base,
  ...cycling(["light", "empty"], KEYS, black),
  kinds: ["lights"],
  how: () => "Click a white cell to place a light, again to mark it without one (a dot), again to clear.",

  render(container, board, display, highlights, cursor) {
    const lit = litCells(board, display.values);
    drawCells(container, board, cellSize(board, container), highlights, cursor, (cell, r, c) => {
      const clue = board.cells[r][c];
      const value = display.values.get(key(r, c));
      const words = [cellName([r, c])];
      if (clue !== null) {
        cell.classList.add("black");
        if (clue !== "#") cell.append(text(String(clue)));
        words.push(clue === "#" ? "black" : `black, ${clue}`);
      } else {
        if (lit.has(key(r, c))) cell.classList.add("lit");
        if (value === "light") { cell.classList.add("light"); cell.append(span("bulb")); }
        if (value === "empty") { cell.classList.add("empty"); cell.append(span("dot")); }
        words.push(value === "light" ? "light" : value === "empty" ? "no light"
          : lit.has(key(r, c)) ? "lit" : "not marked");
      }
      return [...words, ...highlightWords(highlights, key(r, c))].join(", ");
    });
  },
};
