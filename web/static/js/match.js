// Playing a game out: clocks (time plus increment, a loss on time), the
// engine's strength, resigning and offering a draw. A game ended so is
// written to PDN with its result (study.result); taking back a move or a
// new game opens it again.

import { study, onShow, onBegin } from "./study.js";
import * as opponent from "./opponent.js";
import { stream, analyseURL } from "./analysis.js";
import { value } from "./score.js";
import { setStatus, disable } from "./status.js";

const $ = (id) => document.getElementById(id);
const other = (side) => (side === "white" ? "black" : "white");

let ended = ""; // "0-1: white resigned" once the game is over by these means
const clock = { base: 0, inc: 0, left: { white: 0, black: 0 }, running: "", since: 0, ply: 0 };
let timer = 0;

export const isOver = () => ended !== "";

// end ends the game with a result the rules did not reach.
function end(result, why) {
  ended = `${result}: ${why}`;
  study.result = result;
  stopClock();
  showEnd();
}

function showEnd() {
  if (ended && study.cur.children.length === 0) setStatus("Game over, " + ended, "over");
  // Once the game is over, the focus on either goes to New game.
  const over = ended !== "" || study.state.over;
  disable($("resign"), over, $("new"));
  disable($("offer-draw"), over, $("new"));
}

// reopen forgets how the game ended (a move taken back, a new game).
export function reopen() {
  ended = "";
  study.result = "";
  $("draw-offer").hidden = true;
}

// --- clocks ---------------------------------------------------------------

// format writes a clock's time: minutes and seconds, tenths in the last 20 s.
function format(ms) {
  const t = Math.max(0, ms);
  const m = Math.floor(t / 60000);
  const s = (t % 60000) / 1000;
  return t < 20000 ? `${m}:${s.toFixed(1).padStart(4, "0")}` : `${m}:${String(Math.floor(s)).padStart(2, "0")}`;
}

function drawClocks() {
  for (const side of ["white", "black"]) {
    let left = clock.left[side];
    if (clock.running === side) left -= performance.now() - clock.since;
    const el = $(`clock-${side}`);
    // The side's name at the left, its time at the right ("White 2:59").
    const name = document.createElement("span");
    const time = document.createElement("span");
    name.textContent = side === "white" ? "White" : "Black";
    time.textContent = format(left);
    el.replaceChildren(name, " ", time);
    el.classList.toggle("running", clock.running === side);
    el.classList.toggle("low", left < 10000);
  }
}

function stopClock() {
  if (clock.running) clock.left[clock.running] -= performance.now() - clock.since;
  clock.running = "";
  clearInterval(timer);
  timer = 0;
}

function runClock(side) {
  stopClock();
  clock.running = side;
  clock.since = performance.now();
  timer = setInterval(tick, 100);
}

function tick() {
  const side = clock.running;
  if (!side) return;
  if (clock.left[side] - (performance.now() - clock.since) <= 0) {
    stopClock();
    clock.left[side] = 0;
    end(side === "white" ? "0-1" : "1-0", `${side} lost on time`);
  }
  drawClocks();
}

// setClock starts a time control: "" for none, or "minutes+seconds".
function setClock(control) {
  stopClock();
  $("clocks").hidden = control === "";
  if (control === "") {
    clock.base = 0;
    return;
  }
  const [min, inc] = control.split("+").map(Number);
  clock.base = min * 60000;
  clock.inc = inc * 1000;
  clock.left = { white: clock.base, black: clock.base };
  clock.ply = study.cur.ply;
  follow();
}

// follow runs the clocks: at the end of the line the side to move's clock
// runs, and a side that has just moved gets its increment; browsing back
// stops them.
function follow() {
  if (!clock.base || ended) return;
  const st = study.state;
  if (study.cur.children.length > 0 || st.over) {
    stopClock();
  } else {
    if (study.cur.ply === clock.ply + 1 && clock.running === other(st.turn)) {
      clock.left[other(st.turn)] += clock.inc;
    }
    runClock(st.turn);
  }
  clock.ply = study.cur.ply;
  drawClocks();
}

// --- resigning and draws ----------------------------------------------------

function resign() {
  const side = study.state.turn;
  end(side === "white" ? "0-1" : "1-0", `${side} resigned`);
}

// The engine takes a draw when its own evaluation, at a shallow depth, is
// no better than even.
function engineAnswer() {
  const turn = study.state.turn;
  return new Promise((resolve) => {
    const close = stream(
      analyseURL(study.cur.path(), { lines: "1", depth: "6" }),
      (data) => {
        if (!data.final) return;
        close();
        const v = value(data.lines[0].score); // for the side to move
        resolve(turn === opponent.side ? v <= 0 : v >= 0);
      },
      (why) => resolve(new Error(why)),
    );
  });
}

async function offerDraw() {
  if (opponent.side) {
    setStatus("The engine considers the offer…");
    const at = study.cur;
    const yes = await engineAnswer();
    if (study.cur !== at || ended) return; // moved on meanwhile: the offer lapses
    if (yes instanceof Error) setStatus("The engine cannot answer the draw offer: " + yes.message, "error");
    else if (yes) end("1/2-1/2", "draw agreed");
    else setStatus("The engine declines the draw.");
    return;
  }
  $("draw-offer-text").textContent = `${study.state.turn === "white" ? "White" : "Black"} offers a draw. ${study.state.turn === "white" ? "Black" : "White"}: accept?`;
  $("draw-offer").hidden = false;
  $("draw-accept").focus();
}

export function initMatch(info) {
  const level = $("level");
  // A server that lists no levels takes no strength with a move request.
  level.hidden = $("level-label").hidden = !info.levels;
  // The named levels, weakest first, come after "the server's time" and
  // before the depths and times.
  let after = level.options[0];
  for (const name of info.levels || []) {
    const opt = document.createElement("option");
    opt.value = "level:" + name;
    opt.textContent = name;
    after.after(opt);
    after = opt;
  }
  level.addEventListener("change", () => {
    const [k, v] = level.value.split(":");
    opponent.setStrength(k === "" ? {} : { [k]: k === "level" ? v : Number(v) });
  });
  opponent.setHold(isOver);
  $("clock").addEventListener("change", () => setClock($("clock").value));
  $("resign").addEventListener("click", resign);
  $("offer-draw").addEventListener("click", offerDraw);
  // The answered box goes, and the focus with it back to the game's
  // buttons (Offer a draw, or New game once the game is over).
  const closeOffer = () => {
    $("draw-offer").hidden = true;
    ($("offer-draw").disabled ? $("new") : $("offer-draw")).focus();
  };
  $("draw-accept").addEventListener("click", () => {
    end("1/2-1/2", "draw agreed");
    closeOffer();
  });
  $("draw-decline").addEventListener("click", () => {
    setStatus("The draw is declined.");
    closeOffer();
  });
  // Escape in the offer closes it as a dialog: declined.
  $("draw-offer").addEventListener("keydown", (e) => {
    if (e.key === "Escape") $("draw-decline").click();
  });
  onShow(() => {
    follow();
    showEnd();
  });
  // A new study (a new game, a record, a set-up, a link) starts afresh
  // once the server accepts it; a refused one leaves the game as it was.
  onBegin(restart);
}

// restart sets the clocks back to their time control (a new game).
export function restart() {
  reopen();
  setClock($("clock").value);
}
