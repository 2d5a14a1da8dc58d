// A list reached by keyboard as one Tab stop (a roving tabindex), as the
// move list and the engine's lines are: Tab comes into the list on its
// home item (the move shown, or the first), the arrow keys go from item
// to item inside it, Home and End to the first and the last, and the next
// Tab goes on past the list, not through each of its items (a long game's
// move list held a hundred and more). ← → go in the list's order, ↑ ↓ to
// the row above or below. Enter and Space are the items' own.

import { keepMouseOut } from "./keys.js";

// rove makes list, whose items match selector, one Tab stop; home returns
// the item Tab comes in on (null: the first), and row the element of the
// row an item is on, which ↑ and ↓ go between. It returns the function
// that gives the Tab stop out again once the list is drawn anew: to the
// item with the focus, if one has it, else to home.
export function rove(list, selector, home, row) {
  const items = () => [...list.querySelectorAll(selector)];
  const stop = (item) => {
    for (const el of items()) el.tabIndex = el === item ? 0 : -1;
  };
  const settle = () => {
    const all = items();
    const focused = all.find((el) => el === document.activeElement);
    stop(focused || home() || all[0]);
  };
  list.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const all = items();
    const at = all.indexOf(e.target);
    if (at < 0) return;
    const to = {
      ArrowLeft: () => all[at - 1],
      ArrowRight: () => all[at + 1],
      ArrowUp: () => nextLine(all, at, -1, row),
      ArrowDown: () => nextLine(all, at, 1, row),
      Home: () => all[0],
      End: () => all[all.length - 1],
    }[e.key];
    if (!to) return;
    // These keys are the list's while the focus is in it, not the page's
    // (keys.js: ← → and Home End step through the moves).
    e.preventDefault();
    const item = to();
    if (item) item.focus();
  });
  list.addEventListener("focusin", (e) => {
    const item = e.target.closest(selector);
    if (item && list.contains(item)) stop(item);
  });
  // Left, the list is come back to on its home item, as Tab first came.
  list.addEventListener("focusout", (e) => {
    if (!list.contains(e.relatedTarget)) stop(home() || items()[0]);
  });
  keepMouseOut(list, selector);
  return settle;
}

// nextLine returns the item of the row above (dir -1) or below (dir 1)
// the item at index at, at the same place in that row or, the row being
// shorter, its last: rows are what row returns for each item (a move
// list's pairs and variations, the engine's lines), however they wrap.
function nextLine(all, at, dir, row) {
  const rows = [...new Set(all.map(row))];
  const mine = row(all[at]);
  const to = rows[rows.indexOf(mine) + dir];
  if (!to) return null;
  const place = all.filter((el) => row(el) === mine).indexOf(all[at]);
  const there = all.filter((el) => row(el) === to);
  return there[Math.min(place, there.length - 1)];
}
