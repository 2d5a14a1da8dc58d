// The move list: the tree drawn as text. The main line goes in numbered
// pairs; each move's variations follow its pair, in parentheses, with
// their own variations nested inside. Clicking a move goes there; the
// tools below act on the move shown: promote its variation, delete it and
// what follows, comment on it.

import { study, goTo, show } from "./study.js";
import { promote, remove } from "./tree.js";
import { write } from "./squares.js";
import { disable } from "./status.js";
import { rove } from "./roving.js";

const $ = (id) => document.getElementById(id);

// moveNumber returns "12." for White's move and "12..." for Black's, given
// the move's index from the start (0 is the first move).
export function moveNumber(index, blackFirst) {
  const p = index + (blackFirst ? 1 : 0);
  return `${Math.floor(p / 2) + 1}${p % 2 === 0 ? "." : "..."}`;
}

function moveSpan(node) {
  const s = document.createElement("span");
  s.className = "move" + (node === study.cur ? " cur" : "");
  s.textContent = write(node.move) + node.annotation;
  if (node.mark) {
    // The review's mark (?!, ?, ??), apart from the record's annotation.
    const m = document.createElement("span");
    m.className = "mark";
    m.textContent = node.mark;
    s.append(m);
  }
  s.dataset.node = node.id;
  // Worked with Enter or Space, as a button is; the list is one Tab stop
  // (rove, below), which comes in on the move shown.
  s.tabIndex = -1;
  s.setAttribute("role", "button");
  if (node === study.cur) s.setAttribute("aria-current", "true");
  return s;
}

function text(tag, cls, content) {
  const el = document.createElement(tag);
  el.className = cls;
  el.textContent = content;
  return el;
}

// inline writes the variation that starts at first into el, in
// parentheses, with its move numbers, comments and nested variations.
function inline(first, el, blackFirst) {
  const items = [];
  let numbered = false; // the next Black move needs its number again
  for (let x = first; x; x = x.children[0]) {
    const i = x.ply - 1;
    const white = (i + (blackFirst ? 1 : 0)) % 2 === 0;
    if (white || !numbered) items.push(text("span", "num", moveNumber(i, blackFirst)));
    numbered = true;
    items.push(moveSpan(x));
    for (const c of x.comments) items.push(text("span", "comment", c));
    const sibs = x.parent.children;
    if (x === sibs[0] && sibs.length > 1) {
      for (const v of sibs.slice(1)) {
        const sub = document.createElement("span");
        sub.className = "line";
        inline(v, sub, blackFirst);
        items.push(sub);
      }
      numbered = false;
    }
  }
  el.append("(");
  items.forEach((item, i) => el.append(...(i > 0 ? [" ", item] : [item])));
  el.append(")");
}

// draw writes the whole tree into the list.
export function draw() {
  const list = $("moves");
  const blackFirst = study.state.startTurn === "black";
  const hadFocus = list.contains(document.activeElement);
  const focusedNode = hadFocus ? document.activeElement.dataset.node : undefined;
  list.replaceChildren();
  if (study.root.comments.length > 0) {
    const li = document.createElement("li");
    li.className = "intro";
    for (const c of study.root.comments) li.append(text("span", "comment", c));
    list.append(li);
  }
  const main = [];
  for (let x = study.root.children[0]; x; x = x.children[0]) main.push(x);
  const cells = blackFirst ? [null, ...main] : main;
  for (let i = 0; i < cells.length; i += 2) {
    const li = document.createElement("li");
    li.value = i / 2 + 1;
    const pair = cells.slice(i, i + 2);
    for (const x of pair) li.append(x ? moveSpan(x) : text("span", "move", "…"));
    for (const x of pair) {
      if (!x) continue;
      for (const c of x.comments) li.append(text("div", "comment", c));
      for (const v of x.parent.children.slice(1)) {
        const line = document.createElement("div");
        line.className = "line";
        inline(v, line, blackFirst);
        li.append(line);
      }
    }
    list.append(li);
  }
  const cur = list.querySelector(".cur");
  if (cur) cur.scrollIntoView({ block: "nearest" });
  // The focus, when it was on a move, stays on that move (Enter made it
  // the move shown), or, the move gone, goes to the move shown.
  const again = focusedNode && list.querySelector(`[data-node="${focusedNode}"]`);
  if (hadFocus) (again || cur || list).focus({ preventScroll: true });
  settleTabStop();
  disable($("promote"), !study.cur.parent || !treeHasBranch(study.cur));
  disable($("delete"), !study.cur.parent);
  $("comment").value = study.cur.comments.join("\n");
}

function treeHasBranch(node) {
  for (let x = node; x.parent; x = x.parent) if (x.isVariation) return true;
  return false;
}

// settleTabStop gives the list's one Tab stop to the move with the
// focus, or to the move shown, or to the first (rove).
let settleTabStop = () => {};

export function initMoveList() {
  // Its rows: a numbered pair, and each variation (with those nested in it).
  settleTabStop = rove(
    $("moves"),
    ".move[data-node]",
    () => $("moves").querySelector(".move.cur"),
    (move) => move.closest("#moves > li > .line") || move.closest("li"),
  );
  const pick = (e) => {
    const el = e.target.closest("[data-node]");
    if (!el) return;
    e.preventDefault();
    const node = study.root.find(Number(el.dataset.node));
    if (node) goTo(node);
  };
  $("moves").addEventListener("click", pick);
  $("moves").addEventListener("keydown", (e) => {
    if (e.key === "Enter" || e.key === " ") pick(e);
  });
  $("promote").addEventListener("click", () => {
    if (promote(study.cur)) show(study.cur, study.state);
  });
  // The move goes once its parent is shown: a failed request keeps it.
  $("delete").addEventListener("click", () => {
    const node = study.cur;
    if (node.parent) goTo(node.parent, () => remove(node));
  });
  $("comment").addEventListener("change", () => {
    const t = $("comment").value.trim();
    study.cur.comments = t === "" ? [] : [t.replace(/\s+/g, " ")];
    show(study.cur, study.state);
  });
}
