// Numbers (Hidato, Numbrix, Sudoku, Fillomino): click a cell and type its number, or tap the number pad. The
// marks: values "r,c" -> a number, or pencil marks: the numbers the cell may still hold, a
// list in numeric order (sent as [r, c, [3, 5]]; an answer file writes {3,5}). In pencil
// mode (the Pencil button, or p) a number typed is added to the cell's pencil marks, or
// taken off them if it is there, once it is whole: at Enter, Space, a comma, when the cursor
// moves, or as soon as no further digit fits (1..N).

import {cellName, cellSize, drawCells, highlightWords, key, text} from "../board.js";
import {base, setValue} from "./common.js";

let typing = false; // digits typed since the cursor came to this cell: one number, one undo step
let pencil = false; // pencil mode: numbers typed are pencil marks
let pending = null; // pencil mode: {cell, digits} typed and not yet added

const isPencil = (value) => Array.isArray(value);

function pencilMode(on) {
  pencil = on;
  pending = null;
}

// The pencil marks with `number` added, or taken off if there.
function toggled(marks, number) {
  const list = isPencil(marks) ? marks : [];
  const next = list.includes(number) ? list.filter((n) => n !== number) : [...list, number];
  return next.length ? next.sort((a, b) => a - b) : undefined;
}

function commitPending(page) {
  if (!pending) return;
  const {cell, digits} = pending;
  pending = null;
  const number = Number(digits);
  if (number < 1) { page.draw(); return; }
  const before = page.state.marks.values.get(cell);
  page.change((marks) => setValue(marks, cell, toggled(before, number)));
}

function pencilDigit(page, digit) {
  const board = page.state.puzzle.board;
  const [r, c] = page.state.cursor;
  if (board.cells[r][c] !== null) return;
  const cell = key(r, c);
  if (pending && pending.cell !== cell) commitPending(page);
  const digits = `${pending ? pending.digits : ""}${digit}`;
  if (Number(digits) > board.total) {
    page.say(`${digits} is more than ${board.total}, the largest number here.`);
    return;
  }
  pending = {cell, digits};
  if (Number(digits) * 10 > board.total) commitPending(page);  // no further digit fits
  else page.draw();
}

export function typeDigit(page, digit) {
  if (pencil) { pencilDigit(page, digit); return; }
  const board = page.state.puzzle.board;
  const [r, c] = page.state.cursor;
  if (board.cells[r][c] !== null) return;
  const cell = key(r, c);
  const before = page.state.marks.values.get(cell);
  const value = typing && before !== undefined && !isPencil(before) ? Number(`${before}${digit}`) : Number(digit);
  if (value > board.total) {  // no number of this board: said, and the cell kept as it was
    page.say(`${value} is more than ${board.total}, the largest number here.`);
    return;
  }
  const join = typing;  // more digits of the same number: one undo step
  typing = true;
  page.change((marks) => setValue(marks, cell, value === 0 ? undefined : value), {join});
}

export function deleteDigit(page, all) {
  const [r, c] = page.state.cursor;
  const cell = key(r, c);
  const before = page.state.marks.values.get(cell);
  if (pending && pending.cell === cell) {  // pencil digits not yet added
    pending.digits = pending.digits.slice(0, -1);
    if (!pending.digits) pending = null;
    page.draw();
    return;
  }
  if (before === undefined || page.state.puzzle.board.cells[r][c] !== null) return;
  if (isPencil(before)) {  // the last pencil mark goes (Delete: all of them)
    page.change((marks) => setValue(marks, cell, all || before.length === 1 ? undefined : before.slice(0, -1)));
    return;
  }
  const shorter = String(before).slice(0, -1);
  page.change((marks) => setValue(marks, cell, all || !shorter ? undefined : Number(shorter)));
}

// A cell's pencil marks, small, in numeric order, and the digits being typed, underlined.
function pencilled(cell, value, r, c) {
  cell.classList.add("pencil");
  const list = document.createElement("span");
  list.className = "candidates";
  list.textContent = (isPencil(value) ? value : []).join(" ");
  if (pending && pending.cell === key(r, c)) {
    const typed = document.createElement("u");
    typed.className = "pending";
    typed.textContent = `${list.textContent ? " " : ""}${pending.digits}`;
    list.append(typed);
  }
  cell.append(list);
}

// A step's narrowed cells: the pencil marks it leaves (a hint says them, "left"), else the
// cell's pencil marks less the numbers ruled out.
function narrow(marks, item) {
  const cell = key(...item.cell);
  const before = marks.values.get(cell);
  if (item.left && item.left.length) setValue(marks, cell, [...item.left].sort((a, b) => a - b));
  else if (isPencil(before)) setValue(marks, cell, before.filter((n) => !item.not.includes(n)));
}

// Fillomino (board.regions): each known cell's region, the piece of side neighbours of one
// size; a thick line between two different sizes, and around a region once it is closed
// (as many cells as its size).
function regionWalls(board, display) {
  const size = (r, c) => {
    const value = board.cells[r][c] !== null ? board.cells[r][c] : display.values.get(key(r, c));
    return typeof value === "number" ? value : undefined;
  };
  const piece = new Map();
  const closed = new Set();
  for (let r = 0; r < board.rows; r++) for (let c = 0; c < board.cols; c++) {
    if (size(r, c) === undefined || piece.has(key(r, c))) continue;
    const cells = [[r, c]];
    piece.set(key(r, c), key(r, c));
    for (let i = 0; i < cells.length; i++) {
      const [y, x] = cells[i];
      for (const [ny, nx] of [[y + 1, x], [y - 1, x], [y, x + 1], [y, x - 1]]) {
        if (ny < 0 || nx < 0 || ny >= board.rows || nx >= board.cols || piece.has(key(ny, nx))) continue;
        if (size(ny, nx) !== size(r, c)) continue;
        piece.set(key(ny, nx), key(r, c));
        cells.push([ny, nx]);
      }
    }
    if (cells.length === size(r, c)) closed.add(key(r, c));
  }
  return (r, c, r2, c2) => {
    if (r2 >= board.rows || c2 >= board.cols) return false;
    const a = piece.get(key(r, c)), b = piece.get(key(r2, c2));
    if (a !== undefined && b !== undefined) return a !== b;
    return closed.has(a) || closed.has(b);
  };
}

export default {
  ...base,
  kinds: ["numbers"],
  pad: true,
  pencilMode,
  how: () => "Click a cell and type its number (or tap the number pad); Backspace deletes a digit.",

  render(container, board, display, highlights, cursor) {
    const wall = board.regions ? regionWalls(board, display) : null;
    drawCells(container, board, cellSize(board, container), highlights, cursor, (cell, r, c) => {
      const clue = board.cells[r][c];
      if (wall && wall(r, c, r, c + 1)) cell.classList.add("box-right");
      if (wall && wall(r, c, r + 1, c)) cell.classList.add("box-bottom");
      const value = display.values.get(key(r, c));
      if (board.boxes) {  // Sudoku: a thick line after the last row and column of a box
        const [height, width] = board.boxes;
        if ((c + 1) % width === 0 && c + 1 < board.cols) cell.classList.add("box-right");
        if ((r + 1) % height === 0 && r + 1 < board.rows) cell.classList.add("box-bottom");
      }
      if (clue === "#") cell.classList.add("void");
      else if (clue !== null) { cell.classList.add("given"); cell.append(text(String(clue))); }
      else if (isPencil(value) || (pending && pending.cell === key(r, c))) pencilled(cell, value, r, c);
      else if (value !== undefined) { cell.classList.add("filled"); cell.append(text(String(value))); }
      const shown = clue !== null && clue !== "#" ? clue : isPencil(value) ? undefined : value;
      if (shown !== undefined && shown !== null && String(shown).length > 2) cell.classList.add("long");
      const words = [cellName([r, c])];
      if (clue === "#") words.push("not part of the puzzle");
      else if (clue !== null) words.push(`${clue}, given`);
      else if (isPencil(value)) words.push(`pencil marks ${value.join(", ")}`);
      else words.push(value === undefined ? "empty" : String(value));
      return [...words, ...highlightWords(highlights, key(r, c))].join(", ");
    });
  },

  pointerDown(_event, page) {
    page.draw();
  },

  apply(marks, step) {
    base.apply(marks, step);
    for (const item of step.narrows || []) if (item.cell && item.not) narrow(marks, item);
  },

  cursorMoved(page) {
    typing = false;
    if (page) commitPending(page);
  },

  key(event, page) {
    if (event.key === "p") { event.preventDefault(); page.togglePencil(); return true; }
    if (pencil && [" ", "Enter", ","].includes(event.key)) { event.preventDefault(); commitPending(page); return true; }
    if (/^[0-9]$/.test(event.key)) { event.preventDefault(); typeDigit(page, event.key); return true; }
    if (event.key === "Backspace" || event.key === "Delete") {
      event.preventDefault();
      deleteDigit(page, event.key === "Delete");
      return true;
    }
    return false;
  },
};
