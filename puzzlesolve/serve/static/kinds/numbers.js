// Numbers (Hidato, Numbrix): click a cell and type its number, or tap the number pad. The
// marks: values "r,c" -> a number.

import {cellName, cellSize, drawCells, highlightWords, key, text} from "../board.js";
import {base, setValue} from "./common.js";

let typing = false; // digits typed since the cursor came to this cell: one number, one undo step

export function typeDigit(page, digit) {
  const board = page.state.puzzle.board;
  const [r, c] = page.state.cursor;
  if (board.cells[r][c] !== null) return;
  const cell = key(r, c);
  const before = page.state.marks.values.get(cell);
  let value = typing && before !== undefined ? Number(`${before}${digit}`) : Number(digit);
  if (value > board.total) value = Number(digit);
  const join = typing;  // more digits of the same number: one undo step
  typing = true;
  page.change((marks) => setValue(marks, cell, value === 0 ? undefined : value), {join});
}

export function deleteDigit(page, all) {
  const [r, c] = page.state.cursor;
  const cell = key(r, c);
  const before = page.state.marks.values.get(cell);
  if (before === undefined || page.state.puzzle.board.cells[r][c] !== null) return;
  const shorter = String(before).slice(0, -1);
  page.change((marks) => setValue(marks, cell, all || !shorter ? undefined : Number(shorter)));
}

export default {
  ...base,
  kinds: ["numbers"],
  pad: true,
  how: () => "Click a cell and type its number (or tap the number pad); Backspace deletes a digit.",

  render(container, board, display, highlights, cursor) {
    drawCells(container, board, cellSize(board, container), highlights, cursor, (cell, r, c) => {
      const clue = board.cells[r][c];
      const value = display.values.get(key(r, c));
      if (clue === "#") cell.classList.add("void");
      else if (clue !== null) { cell.classList.add("given"); cell.append(text(String(clue))); }
      else if (value !== undefined) { cell.classList.add("filled"); cell.append(text(String(value))); }
      const shown = clue !== null && clue !== "#" ? clue : value;
      if (shown !== undefined && shown !== null && String(shown).length > 2) cell.classList.add("long");
      const words = [cellName([r, c])];
      if (clue === "#") words.push("not part of the puzzle");
      else if (clue !== null) words.push(`${clue}, given`);
      else words.push(value === undefined ? "empty" : String(value));
      return [...words, ...highlightWords(highlights, key(r, c))].join(", ");
    });
  },

  pointerDown(_event, page) {
    typing = false;
    page.draw();
  },

  cursorMoved() {
    typing = false;
  },

  key(event, page) {
    if (/^[0-9]$/.test(event.key)) { event.preventDefault(); typeDigit(page, event.key); return true; }
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      deleteDigit(page, event.key === "Delete");
      return true;
    }
    return false;
  },
};
