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

export function setStatus(text, kind) {
  const el = $("status");
  el.textContent = text;
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
  el.textContent = text;
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
  line.textContent = text;
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
