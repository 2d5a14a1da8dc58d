// Game records in and out: PDN pasted or opened from a file (a file of
// several games offers them to pick from), the study downloaded as PDN,
// the position's FEN copied. PDN is read and written by the server's pdn
// package (POST /api/pdn/read and /api/pdn/write), so what the page saves
// `bashni replay` reads, and what other programs write the page opens.

import { post } from "./api.js";
import { study, begin, track } from "./study.js";
import { fromLine, toLine } from "./tree.js";
import { setStatus, notice, note } from "./status.js";

const $ = (id) => document.getElementById(id);

let games = []; // the games of the record read last

// title names a game for the list to pick from.
function title(g) {
  const tag = (name) => (g.tags.find((t) => t.name === name) || {}).value || "";
  const who = [tag("White"), tag("Black")].filter((s) => s !== "").join(" – ");
  const what = [tag("Event"), tag("Date")].filter((s) => s !== "" && s !== "?").join(", ");
  return `${g.game}. ${who || "?"}${what ? ` (${what})` : ""} ${g.result || ""}`.trim();
}

// read opens the record's first game, and lists its games. What cannot
// be read is said in the notice at the page's top, and beside the record
// box, where the player is.
async function read(text) {
  note("pdn-note", "");
  try {
    const ans = await post("/api/pdn/read", { pdn: text, variant: study.variant });
    const problems = ans.errors.map((e) => `PDN game ${e.game} cannot be read: ${e.error}`);
    for (const p of problems) notice(p);
    if (ans.truncated) notice("The record holds more games than the page reads at once; only the first ones are listed.");
    games = ans.games;
    const pick = $("pdn-games");
    pick.replaceChildren();
    for (const [i, g] of games.entries()) {
      const opt = document.createElement("option");
      opt.value = String(i);
      opt.textContent = title(g);
      pick.append(opt);
    }
    $("pdn-pick").hidden = games.length < 2;
    if (games.length === 0) {
      setStatus("The record holds no game that can be read.", "error");
      note("pdn-note", ["The record holds no game that can be read.", ...problems].join(" "), "error");
    } else {
      await openGame(games[0]);
      if (problems.length > 0) note("pdn-note", problems.join(" "), "error");
    }
  } catch (err) {
    setStatus("PDN: " + err.message, "error");
    note("pdn-note", "PDN: " + err.message, "error");
  }
}

async function openGame(g) {
  track();
  const root = fromLine(g.line);
  const fen = g.tags.some((t) => t.name === "FEN") ? g.fen : "";
  const st = await begin(g.variant, fen, root);
  if (!st) return;
  study.tags = g.tags.filter((t) => !["Result", "GameType", "Variant", "FEN"].includes(t.name));
  study.result = g.result && g.outcome && !g.outcome.startsWith(g.result) ? "" : g.result;
  for (const w of g.warnings) notice(`PDN game ${g.game}: ${w}`);
  document.dispatchEvent(new CustomEvent("study-opened", { detail: st.variant }));
}

// write returns the study as PDN.
export async function write() {
  const result = ["1-0", "0-1", "1/2-1/2"].includes(study.result) ? study.result : "";
  const ans = await post("/api/pdn/write", {
    variant: study.variant,
    fen: study.fen,
    tags: study.tags,
    line: toLine(study.root),
    result,
  });
  return ans.pdn;
}

async function download() {
  try {
    const text = await write();
    $("pdn-text").value = text;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "application/x-pdn" }));
    a.download = "bashni-game.pdn";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    setStatus("The game is downloaded as PDN, and shown in the record box.");
  } catch (err) {
    setStatus("PDN: " + err.message, "error");
  }
}

// copy puts text on the clipboard, or, when the browser will not (a page
// that is no secure context, opened by the machine's address on the
// network, has no clipboard), shows it selected in its box, with the
// focus, to be copied from there.
async function copy(text, box, what) {
  let said;
  try {
    await navigator.clipboard.writeText(text);
    said = `${what} copied.`;
  } catch {
    box.value = text;
    box.closest(".row").hidden = false;
    box.focus();
    box.select();
    said = `${what} selected: copy it with Ctrl+C.`;
  }
  setStatus(said);
  note("fen-note", said); // by the buttons
}

export function initRecord() {
  $("pdn-open").addEventListener("click", () => read($("pdn-text").value));
  $("pdn-text").addEventListener("input", () => note("pdn-note", ""));
  $("pdn-file").addEventListener("change", async () => {
    const f = $("pdn-file").files[0];
    if (f) read(await f.text());
  });
  $("pdn-games").addEventListener("change", () => openGame(games[Number($("pdn-games").value)]));
  $("pdn-download").addEventListener("click", download);
  $("copy-fen").addEventListener("click", () => copy(study.state.fen, $("fen"), "FEN"));
  $("copy-link").addEventListener("click", () => copy(location.href, $("link"), "Link"));
}
