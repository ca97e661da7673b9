// The "lights" board kind (Light Up): black cells with their numbers, lights placed in white
// cells (a bulb), a dot where a person knows there is none; the cells the lights shine on
// are tinted, as on paper one sees the lit part of the board grow.

import {cellName, cellSize, drawCells, key} from "./board.js";

// Click (or Space) cycles a white cell: light, no light (a dot), unmarked.
export const CYCLE = {undefined: "light", light: "empty", empty: undefined};
export const KEYS = {"*": "light", l: "light", x: "empty", ".": "empty", Delete: null, Backspace: null};
export const HOW = {lights: "Click a white cell to place a light, again to mark it without one (a dot), again to clear."};

const STEPS = [[0, 1], [1, 0], [0, -1], [-1, 0]];

// The white cells the lights light: their own, and along their rows and columns up to a
// black cell or the edge.
function litCells(board, values) {
  const lit = new Set();
  for (const [cell, value] of values) {
    if (value !== "light") continue;
    const [r0, c0] = cell.split(",").map(Number);
    lit.add(cell);
    for (const [dr, dc] of STEPS) {
      for (let r = r0 + dr, c = c0 + dc; r >= 0 && c >= 0 && r < board.rows && c < board.cols
        && board.cells[r][c] === null; r += dr, c += dc) lit.add(key(r, c));
    }
  }
  return lit;
}

function span(className) {
  const node = document.createElement("span");
  node.className = className;
  return node;
}

// Draw `display` = {values: Map "r,c" -> "light" | "empty"} with `marks` (conflict, hint,
// cited, differ) and the cursor, as board.js's render does for the other cell kinds.
export function render(container, board, display, marks, cursor) {
  const size = cellSize(board, container);
  const lit = litCells(board, display.values);
  drawCells(container, board, size, marks, cursor, (cell, r, c) => {
    const clue = board.cells[r][c];
    const value = display.values.get(key(r, c));
    const words = [cellName([r, c])];
    if (clue !== null) {
      cell.classList.add("black");
      if (clue !== "#") { cell.textContent = String(clue); words.push(`black, ${clue}`); } else words.push("black");
    } else {
      if (lit.has(key(r, c))) cell.classList.add("lit");
      if (value === "light") { cell.classList.add("light"); cell.append(span("bulb")); words.push("light"); }
      else if (value === "empty") { cell.classList.add("empty"); cell.append(span("dot")); words.push("no light"); }
      else words.push(lit.has(key(r, c)) ? "lit" : "not marked");
    }
    for (const mark of ["conflict", "hint", "cited", "differ"]) if (marks[mark] && marks[mark].has(key(r, c))) words.push(mark);
    return words.join(", ");
  });
}
