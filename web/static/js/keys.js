// Keys of the page, active whenever the focus is not in a text box: arrows
// step through the tree, and single letters work the buttons.

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
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const t = e.target;
    if (t.closest && t.closest("input, textarea, select, [contenteditable]")) return;
    const action = keys[e.key];
    if (!action) return;
    e.preventDefault();
    action();
  });
}
