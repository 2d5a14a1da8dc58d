// The status line (what the position is, or what just went wrong) and the
// notice (a problem that stays until it is dismissed, such as a bad link).

const $ = (id) => document.getElementById(id);

const errorListeners = [];

// onError registers fn to be called whenever an error is shown: whatever
// the player was in the middle of (a choice among captures) is over.
export function onError(fn) {
  errorListeners.push(fn);
}

export function setStatus(text, kind) {
  const el = $("status");
  el.textContent = text;
  el.className = kind || "";
  if (kind === "error") for (const fn of errorListeners) fn();
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
