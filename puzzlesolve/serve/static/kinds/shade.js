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
  how: (board) => board && board.runs
    ? "Click a cell to shade it, again to mark it unshaded (a dot), again to clear; a line's runs grey out once it has them."
    : "Click a cell to shade it, again to mark it unshaded (Hitori: circle, Nurikabe and Heyawake: dot), again to clear.",

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
    if (board.runs) runsBeside(container, board, display.values, highlights);
  },
};

// Nonogram: each line's runs beside the board (left of a row, above a column), greyed once
// the line's shaded cells form exactly those runs; a cited clue (site r,-1 or -1,c) is tinted.
function runsBeside(container, board, values, highlights) {
  container.style.gridTemplateColumns = `auto repeat(${board.cols}, var(--size))`;
  container.classList.add("with-runs");
  const label = (runs, site, shaded, down) => {
    const node = span(`runs ${down ? "down" : "across"}`);
    for (const n of runs.length ? runs : [0]) node.append(span("run", String(n)));
    const met = shaded.join("").split(".").filter(Boolean).map((run) => run.length);
    if (met.join(" ") === runs.join(" ")) node.classList.add("met");
    if (highlights.cited && highlights.cited.has(site)) node.classList.add("cited");
    node.dataset.line = site;
    return node;
  };
  const shadedAt = (r, c) => (values.get(key(r, c)) === "shaded" ? "#" : ".");
  const rows = [...container.querySelectorAll(".row")];
  rows.forEach((row, r) => {
    const line = Array.from({length: board.cols}, (_, c) => shadedAt(r, c));
    row.prepend(label(board.runs.rows[r], key(r, -1), line, false));
  });
  const head = document.createElement("div");
  head.className = "row";
  head.setAttribute("aria-hidden", "true");
  head.append(span("corner"));
  for (let c = 0; c < board.cols; c++) {
    const line = Array.from({length: board.rows}, (_, r) => shadedAt(r, c));
    head.append(label(board.runs.columns[c], key(-1, c), line, true));
  }
  container.prepend(head);
}
