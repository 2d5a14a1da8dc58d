// Keys of the page, active whenever the focus is not in a text box: arrows
// step through the tree, and single letters work the buttons. A part of
// the page with keys of its own while it has the focus (the board's
// cursor, the move list) handles them first and marks them handled
// (preventDefault).

import { back, forward, toStart, toEnd } from "./study.js";

const $ = (id) => document.getElementById(id);

const keys = {
  ArrowLeft: back,
  ArrowRight: forward,
  Home: toStart,
  End: toEnd,
  f: () => $("flip").click(),
};

// bind adds a key's action (used by the parts of the page that own it).
export function bind(key, action) {
  keys[key] = action;
}

export function initKeys() {
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey || e.defaultPrevented) return;
    const t = e.target;
    if (t.closest && t.closest("input, textarea, select, [contenteditable]")) return;
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  });
}

// keepMouseOut keeps a mouse press on el, or on what in it matches
// selector, from taking the focus into it, as a press on a part of the
// page that takes no focus does (the focus leaves the box it was in): el
// takes keys of its own while it has the focus (the arrows), which a
// player who clicks it and then steps through the moves with ← → wants
// the page's. The keyboard brings the focus in (Tab); once in, a press
// moves it within.
export function keepMouseOut(el, selector = "*") {
  el.addEventListener("mousedown", (e) => {
    if (el.contains(document.activeElement) || !e.target.closest(selector)) return;
    e.preventDefault();
    if (document.activeElement) document.activeElement.blur();
  });
}
