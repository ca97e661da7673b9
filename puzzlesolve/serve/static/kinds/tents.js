// Tents: a click puts a tent on an empty cell, again marks it grass, again clears it; a tree
// takes no mark. The counts stand outside the grid, right of each row and below each column,
// and fade once their line holds as many tents. The marks: values "r,c" -> "tent" | "grass".

import {cellName, cellOf, cellSize, drawCells, highlightWords, key, span} from "../board.js";
import {base, cycling} from "./common.js";

const KEYS = {a: "tent", t: "tent", "*": "tent", x: "grass", g: "grass", ".": "grass", Delete: null, Backspace: null};

function tree(page, cell) {
  const [r, c] = cellOf(cell);
  if (page.state.puzzle.board.cells[r][c] === null) return false;
  page.say(`r${r + 1}c${c + 1} is a tree: it takes no mark.`);
  return true;
}

// A count outside the grid, placed over the board's frame (the board's size stays its cells').
function count(container, value, placed, size, top, left, words) {
  if (value === null) return;
  const node = span(`count${placed === value ? " met" : ""}`, String(value));
  node.removeAttribute("aria-hidden");
  node.setAttribute("aria-label", words);
  Object.assign(node.style, {top: `${top}px`, left: `${left}px`, width: `${size}px`, height: `${size}px`});
  container.append(node);
}

export default {
  ...base,
  ...cycling(["tent", "grass"], KEYS, tree),
  kinds: ["tents"],
  how: () => "Click an empty cell to pitch a tent, again to mark it grass, again to clear. Each tree has its own tent beside it; tents never touch; the counts tell the tents of each row and column.",

  render(container, board, display, highlights, cursor) {
    const size = cellSize(board, container);
    drawCells(container, board, size, highlights, cursor, (cell, r, c) => {
      const value = display.values.get(key(r, c));
      const words = [cellName([r, c])];
      if (board.cells[r][c] !== null) {
        cell.classList.add("tree");
        cell.append(span("crown"));
        words.push("tree");
      } else {
        if (value === "tent") { cell.classList.add("tent"); cell.append(span("canvas")); }
        if (value === "grass") { cell.classList.add("grass"); cell.append(span("dot")); }
        words.push(value === "tent" ? "tent" : value === "grass" ? "grass" : "not marked");
      }
      return [...words, ...highlightWords(highlights, key(r, c))].join(", ");
    });
    const tents = (r, c) => display.values.get(key(r, c)) === "tent";
    for (let r = 0; r < board.rows; r++) {
      const placed = [...Array(board.cols).keys()].filter((c) => tents(r, c)).length;
      count(container, board.row_counts[r], placed, size, r * size, board.cols * size + 4, `row ${r + 1}: ${board.row_counts[r]} tents`);
    }
    for (let c = 0; c < board.cols; c++) {
      const placed = [...Array(board.rows).keys()].filter((r) => tents(r, c)).length;
      count(container, board.col_counts[c], placed, size, board.rows * size + 4, c * size, `column ${c + 1}: ${board.col_counts[c]} tents`);
    }
  },
};
