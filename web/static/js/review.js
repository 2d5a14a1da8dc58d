// Game review: every position of the main line analysed in turn at a
// chosen depth or time (GET /api/analyse with depth= or movetime=, its
// final event's best line), drawn as a chart of the evaluation per move.
// A move after which the evaluation dropped, for the side that made it, by
// more than the set amounts is marked an inaccuracy (?!), a mistake (?) or a
// blunder (??), with the better move the engine found. Clicking the chart
// or a marked move goes there.

import { post, gameRequest } from "./api.js";
import { study, goTo, onShow } from "./study.js";
import { stream, analyseURL, pause, resume } from "./analysis.js";
import { forWhite, DECIDED } from "./score.js";
import { moveNumber, draw as drawMoves } from "./movelist.js";
import { write } from "./squares.js";
import { whole } from "./status.js";
import { rove } from "./roving.js";

const $ = (id) => document.getElementById(id);

// The chart shows evaluations up to this many men either way.
const CHART_MEN = 5;
// The chart's size in its own units (it is drawn as wide as the panel),
// and the room kept at its edges: the first and last positions, the marks
// on them (circles of radius MARK_R) and the current move's line stand that
// far in, so that none is cut in half by the chart's edge.
const CHART_W = 400;
const CHART_H = 120;
const MARK_R = 4;
const CHART_PAD = MARK_R + 2;
// A drop is measured on evaluations cut to this many men, so that a won
// position that stays won is no drop however the engine counts it.
const DROP_MEN = 10;

let run = null; // the review under way: { stopped, close }, stopped saying why it was ("" while it runs)
let result = null; // { nodes, evals, marks } of the last review

// evaluate returns the evaluation from White's side of the node's position
// and the engine's best move there.
function evaluate(node, limit) {
  return new Promise((resolve, reject) => {
    let last = null;
    const close = stream(
      analyseURL(node.path(), { lines: "1", ...limit }),
      (data) => {
        last = data;
        if (data.final) resolve(last);
      },
      (why) => reject(new Error(why)),
    );
    run.close = () => {
      close();
      reject(new Error("cancelled"));
    };
  }).then(
    (data) => {
      const top = data.lines[0];
      return { white: forWhite(top.score, turnAt(node)), best: top.pv[0] || "" };
    },
    async (err) => {
      // Stopped (cancelled, the page left), the review asks nothing more.
      if (run.stopped) throw err;
      // A finished game has nothing to analyse: its result is the value.
      const st = await post("/api/state", gameRequest(study, node.path()));
      if (!st.over) throw err;
      const r = st.outcome.split(":")[0];
      return { white: r === "1-0" ? DECIDED : r === "0-1" ? -DECIDED : 0, best: "" };
    },
  );
}

function turnAt(node) {
  const first = study.state.startTurn;
  return node.ply % 2 === 0 ? first : first === "white" ? "black" : "white";
}

// classify returns the mark of a drop, in men, by the set thresholds.
function classify(drop) {
  const t = (id) => Number($(id).value);
  if (drop >= t("review-blunder")) return { sign: "??", kind: "blunder" };
  if (drop >= t("review-mistake")) return { sign: "?", kind: "mistake" };
  if (drop >= t("review-inaccuracy")) return { sign: "?!", kind: "inaccuracy" };
  return null;
}

async function start() {
  if (run) return;
  const nodes = [study.root];
  for (let x = study.root.children[0]; x; x = x.children[0]) nodes.push(x);
  const [kind, amount] = $("review-limit").value.split(":");
  const limit = kind === "depth" ? { depth: amount } : { movetime: amount };
  run = { stopped: "", close: () => {} };
  pause("review");
  $("review-start").disabled = true;
  $("review-running").hidden = false;
  $("review-cancel").hidden = false;
  $("review-progress").hidden = false;
  $("review-progress").max = nodes.length;
  const evals = [];
  try {
    for (const [i, node] of nodes.entries()) {
      $("review-progress").value = i;
      $("review-status").textContent = `Analysing position ${i + 1} of ${nodes.length}…`;
      evals.push(await evaluate(node, limit));
      if (run.stopped) throw new Error("stopped");
      if (study.root !== nodes[0]) throw new Error("a new study was begun");
    }
    for (const n of nodes) n.mark = "";
    const marks = [];
    for (let i = 1; i < nodes.length; i++) {
      const cut = (v) => Math.max(-DROP_MEN, Math.min(DROP_MEN, v));
      const white = turnAt(nodes[i - 1]) === "white";
      const drop = (white ? 1 : -1) * (cut(evals[i - 1].white) - cut(evals[i].white));
      const c = classify(drop);
      if (!c || evals[i - 1].best === nodes[i].move) continue;
      nodes[i].mark = c.sign;
      marks.push({ node: nodes[i], drop, best: evals[i - 1].best, ...c });
    }
    result = { nodes, evals, marks };
    const n = (k, one, many) => `${count(marks, k)} ${count(marks, k) === 1 ? one : many}`;
    $("review-status").textContent = `Reviewed ${nodes.length === 1 ? "1 position" : `${nodes.length} positions`}: ${n("inaccuracy", "inaccuracy", "inaccuracies")}, ${n("mistake", "mistake", "mistakes")}, ${n("blunder", "blunder", "blunders")}.`;
    draw();
    drawMoves(); // the move list shows the marks (a request would cancel a move under way)
  } catch (err) {
    $("review-status").textContent = run.stopped || "Review stopped: " + err.message;
  } finally {
    run.close();
    run = null;
    $("review-start").disabled = false;
    $("review-running").hidden = true;
    $("review-cancel").hidden = true;
    $("review-progress").hidden = true;
    resume();
  }
}

const count = (marks, kind) => marks.filter((m) => m.kind === kind).length;

// stop ends the review under way, its analysis first, and says why.
function stop(why) {
  if (!run) return;
  run.stopped = why;
  run.close();
  $("review-status").textContent = why;
}

// draw draws the chart and the list of marked moves.
function draw() {
  const chart = $("review-chart");
  chart.replaceChildren();
  if (!result) return;
  const { nodes, evals, marks } = result;
  const [w, h, pad] = [CHART_W, CHART_H, CHART_PAD];
  const n = Math.max(1, nodes.length - 1);
  const x = (i) => pad + (i / n) * (w - 2 * pad);
  const y = (v) => h / 2 - (Math.max(-CHART_MEN, Math.min(CHART_MEN, v)) / CHART_MEN) * (h / 2 - pad);
  chart.setAttribute("viewBox", `0 0 ${w} ${h}`);
  const el = (tag, attrs) => {
    const e = document.createElementNS(chart.namespaceURI, tag); // the chart is an <svg>
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    chart.append(e);
    return e;
  };
  el("rect", { x: 0, y: 0, width: w, height: h, class: "chart-bg" });
  const pts = evals.map((e, i) => `${x(i).toFixed(1)},${y(e.white).toFixed(1)}`);
  // White's share below the curve, Black's above, held level from the
  // first and last positions out to the chart's edges.
  const ends = [y(evals[0].white).toFixed(1), y(evals[evals.length - 1].white).toFixed(1)];
  el("polygon", { points: `0,${h} 0,${ends[0]} ${pts.join(" ")} ${w},${ends[1]} ${w},${h}`, class: "chart-area" });
  el("line", { x1: 0, y1: h / 2, x2: w, y2: h / 2, class: "chart-axis" });
  el("polyline", { points: pts.join(" "), class: "chart-line" });
  const cur = nodes.indexOf(study.cur);
  if (cur >= 0) el("line", { x1: x(cur), y1: 0, x2: x(cur), y2: h, class: "chart-cur" });
  for (const m of marks) {
    const i = nodes.indexOf(m.node);
    el("circle", { cx: x(i), cy: y(evals[i].white), r: MARK_R, class: `chart-mark ${m.kind}`, "data-ply": i });
  }
  const list = $("review-marks");
  const focused = [...list.querySelectorAll("button")].indexOf(document.activeElement);
  list.replaceChildren();
  const blackFirst = study.state.startTurn === "black";
  for (const m of marks) {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.className = m.kind;
    b.textContent = `${moveNumber(m.node.ply - 1, blackFirst)} ${write(m.node.move)}${m.sign} ${m.kind} (−${m.drop.toFixed(2)})`;
    b.addEventListener("click", () => goTo(m.node));
    if (m.best) li.append(b, " better: ", whole(write(m.best)));
    else li.append(b);
    list.append(li);
  }
  const buttons = list.querySelectorAll("button");
  if (focused >= 0 && buttons.length > 0) buttons[Math.min(focused, buttons.length - 1)].focus({ preventScroll: true });
  settleTabStop();
}

// settleTabStop gives the marks' one Tab stop (rove) to the mark with the
// focus, or to the first: a long game's review marks dozens of moves, and
// Tab went through each of them on its way to the next control.
let settleTabStop = () => {};

export function initReview(engine) {
  $("review").hidden = !engine;
  if (!engine) return;
  $("review-start").addEventListener("click", start);
  settleTabStop = rove($("review-marks"), "button", () => null, (b) => b.closest("li"));
  $("review-cancel").addEventListener("click", () => stop("Review cancelled."));
  // A page left while it reviews ends the review: the browser may keep
  // the page, its stream open, for its back button, and the search would
  // hold one of the server's engines for as long as it may run (minutes),
  // as the analysis's would (analysis.js). Back on the page the review is
  // started again by hand, from the status's word.
  window.addEventListener("pagehide", () => stop("Review stopped: the page was left. Review the main line again to finish it."));
  $("review-chart").addEventListener("click", (e) => {
    if (!result) return;
    const box = $("review-chart").getBoundingClientRect();
    const at = ((e.clientX - box.left) / box.width) * CHART_W; // in the chart's units
    const i = Math.round(((at - CHART_PAD) / (CHART_W - 2 * CHART_PAD)) * Math.max(1, result.nodes.length - 1));
    const node = result.nodes[Math.max(0, Math.min(result.nodes.length - 1, i))];
    if (node) goTo(node);
  });
  onShow(() => {
    if (result && result.nodes[0] !== study.root) {
      result = null;
      $("review-marks").replaceChildren();
      $("review-status").textContent = "";
    }
    draw();
  });
}
