// The status line (what the position is, or what just went wrong) and the
// notice (a problem that stays until it is dismissed, such as a bad link).

const $ = (id) => document.getElementById(id);

const errorListeners = [];

// onError registers fn to be called whenever an error is shown: whatever
// the player was in the middle of (a choice among captures) is over.
export function onError(fn) {
  errorListeners.push(fn);
}

// errors counts the errors shown, so that a caller can tell whether its
// request ended in one (errorsShown before and after).
let errors = 0;
export const errorsShown = () => errors;

// moves finds the moves in a text: "a3-b4", "c1:e3:c5", "22-18", "d4xf6".
const moves = /\b(?:[a-z]\d+|\d+)(?:[-:x](?:[a-z]\d+|\d+))+/g;

// fill writes text into el with each move in it kept whole: a line would
// otherwise break after a move's "-" ("a3-" at a line's end, "b4" at the
// next one's start), on a phone in a list of legal moves. A move is a
// box of its own (span.whole) that goes to the next line whole, and
// breaks only when it is wider than a line (a long capture on a phone).
export function fill(el, text) {
  const parts = [];
  let at = 0;
  for (const m of text.matchAll(moves)) {
    if (m.index > at) parts.push(text.slice(at, m.index));
    parts.push(whole(m[0]));
    at = m.index + m[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  el.replaceChildren(...parts);
}

// whole returns a move's text in a box of its own that a line does not
// break after its "-" (span.whole; see fill).
export function whole(move) {
  const span = document.createElement("span");
  span.className = "whole";
  span.textContent = move;
  return span;
}

export function setStatus(text, kind) {
  const el = $("status");
  fill(el, text);
  el.className = kind || "";
  if (kind === "error") {
    errors++;
    for (const fn of errorListeners) fn();
  }
}

// note says text beside the box or the button whose answer it is (the
// status line says it too, but may be out of view: on a phone, a screen
// or two above); "" takes it away. An error marks the box it describes
// (aria-describedby) invalid.
export function note(id, text, kind) {
  const el = $(id);
  fill(el, text);
  el.className = "note" + (kind ? " " + kind : "");
  el.hidden = text === "";
  for (const box of document.querySelectorAll(`[aria-describedby~="${id}"]`)) {
    if (kind === "error" && text !== "") box.setAttribute("aria-invalid", "true");
    else box.removeAttribute("aria-invalid");
  }
}

// disable disables a button, or enables it. One that has the focus as it
// is disabled (worked by keyboard: Undo at the start) hands it on to
// another control, the status line unless said, not to the page's body,
// where a screen reader loses its place.
export function disable(button, yes, to = $("status")) {
  if (yes && document.activeElement === button) to.focus();
  button.disabled = yes;
}

export function notice(text) {
  const line = document.createElement("div");
  fill(line, text);
  $("notice-text").append(line);
  $("notice").hidden = false;
}

export function initNotice() {
  $("notice-close").addEventListener("click", () => {
    $("notice").hidden = true;
    $("notice-text").replaceChildren();
    $("status").focus(); // not the page's top: where the notice stood
  });
}
