// The status line (what the position is, or what just went wrong) and the
// notice (a problem that stays until it is dismissed, such as a bad link).

const $ = (id) => document.getElementById(id);

export function setStatus(text, kind) {
  const el = $("status");
  el.textContent = text;
  el.className = kind || "";
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
  });
}
