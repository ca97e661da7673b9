// Stars (Star Battle): the regions drawn with thick borders; a click puts a star in a cell,
// again a dot (no star), again clears it. The marks: values "r,c" -> "star" | "empty".

import {cellName, cellSize, drawCells, highlightWords, key, span} from "../board.js";
import {base, cycling, walls} from "./common.js";

const KEYS = {"*": "star", s: "star", x: "empty", ".": "empty", Delete: null, Backspace: null};

export default {
  ...base,
  ...cycling(["star", "empty"], KEYS),
  kinds: ["stars"],
  how: (board) => `Click a cell to place a star, again to mark it with a dot (no star), again to clear: ${board.stars} in every row, column and region.`,

  render(container, board, display, highlights, cursor) {
    drawCells(container, board, cellSize(board, container), highlights, cursor, (cell, r, c) => {
      const region = walls(board, cell, r, c);
      const value = display.values.get(key(r, c));
      if (value === "star") { cell.classList.add("starred"); cell.append(span("star", "\u2605")); }
      if (value === "empty") { cell.classList.add("no-star"); cell.append(span("dot")); }
      const words = [cellName([r, c]), `region ${region}`];
      words.push(value === "star" ? "star" : value === "empty" ? "no star" : "not marked");
      return [...words, ...highlightWords(highlights, key(r, c))].join(", ");
    });
  },
};
