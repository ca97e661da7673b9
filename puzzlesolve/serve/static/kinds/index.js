// The page's board kinds: a genre's draw module names its kind (PAGE), and the kind's module
// here draws and marks it (the interface: kinds/common.js). A new kind is one new module,
// listed here, and its reader of marks on the server (puzzlesolve/serve/marks.py).

import lights from "./lights.js";
import lines from "./lines.js";
import loops from "./loops.js";
import numbers from "./numbers.js";
import shade from "./shade.js";
import shadeloop from "./shadeloop.js";
import stars from "./stars.js";
import tents from "./tents.js";

export const MODULES = [shade, stars, numbers, lines, loops, lights, shadeloop, tents];

export const KINDS = Object.fromEntries(MODULES.flatMap((module) => module.kinds.map((kind) => [kind, module])));

// The module that draws and marks `board`.
export function kindOf(board) {
  return KINDS[board.kind];
}
