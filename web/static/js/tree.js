// The move tree of a game under study. Each node is a position reached by a
// move from its parent's; a node's first child is its main continuation and
// the others are variations, played instead of it. The tree is what a PDN
// record holds: moves, their notes (annotation, NAGs, comments) and
// variations, to any depth.

let lastId = 0;

export class Node {
  constructor(move, parent) {
    this.id = ++lastId; // names the node in the page (data-node)
    this.move = move; // canonical text of the move that led here; "" at the root
    this.parent = parent; // null at the root
    this.children = [];
    this.comments = []; // after the move (at the root: before the first move)
    this.annotation = ""; // "!", "?", "!?" ...
    this.nags = []; // numeric annotation glyphs
    this.mark = ""; // the game review's mark: "?!", "?" or "??"
  }

  // ply is the number of moves from the start to this node.
  get ply() {
    let n = 0;
    for (let x = this; x.parent; x = x.parent) n++;
    return n;
  }

  // path returns the moves from the start to this node.
  path() {
    const moves = [];
    for (let x = this; x.parent; x = x.parent) moves.push(x.move);
    return moves.reverse();
  }

  // child returns the child reached by move, or undefined.
  child(move) {
    return this.children.find((c) => c.move === move);
  }

  // add returns the child reached by move, making it (as the main
  // continuation if it is the first, else as a variation) when it is new.
  add(move) {
    let c = this.child(move);
    if (!c) {
      c = new Node(move, this);
      this.children.push(c);
    }
    return c;
  }

  // lineEnd returns the last node of the main continuation from here.
  lineEnd() {
    let x = this;
    while (x.children.length > 0) x = x.children[0];
    return x;
  }

  // isVariation reports whether the node is not its parent's main
  // continuation.
  get isVariation() {
    return this.parent !== null && this.parent.children[0] !== this;
  }

  // find returns the node with the given id in the tree under this one.
  find(id) {
    if (this.id === id) return this;
    for (const c of this.children) {
      const x = c.find(id);
      if (x) return x;
    }
    return undefined;
  }
}

// lineThrough returns the node's line: the moves from the start to it and on
// along the main continuation.
export function lineThrough(node) {
  return node.lineEnd().path();
}

// branchPoint returns the first node from `node` up whose place among its
// siblings is not the first: the start of the variation `node` is on, or
// null when it is on the main line.
export function branchPoint(node) {
  for (let x = node; x && x.parent; x = x.parent) {
    if (x.isVariation) return x;
  }
  return null;
}

// promote moves the variation `node` is on one place up among its
// siblings; in first place it becomes the main continuation there.
export function promote(node) {
  const b = branchPoint(node);
  if (!b) return false;
  const sibs = b.parent.children;
  const i = sibs.indexOf(b);
  [sibs[i - 1], sibs[i]] = [sibs[i], sibs[i - 1]];
  return true;
}

// remove deletes the node and everything after it; it returns the parent.
export function remove(node) {
  const p = node.parent;
  if (!p) return node;
  p.children.splice(p.children.indexOf(node), 1);
  return p;
}

// --- PDN's shape ----------------------------------------------------------
//
// The server reads and writes PDN (POST /api/pdn/read and /api/pdn/write,
// docs/BOARD.md) with the tree as a line: {comments, moves: [{move,
// annotation, nags, comments, variations: [line, ...]}]}, where a move's
// variations are played instead of it, from the position before it.

// toLine returns the main line from the root as PDN's shape.
export function toLine(root) {
  const line = lineOf(root.children[0]);
  line.comments = root.comments.slice();
  return line;
}

function lineOf(first) {
  const line = { comments: [], moves: [] };
  for (let x = first; x; x = x.children[0]) {
    const sibs = x.parent.children;
    line.moves.push({
      move: x.move,
      annotation: x.annotation,
      nags: x.nags.slice(),
      comments: x.comments.slice(),
      variations: x === sibs[0] ? sibs.slice(1).map(lineOf) : [],
    });
  }
  return line;
}

// fromLine builds the tree of a line read from PDN and returns its root.
export function fromLine(line) {
  const root = new Node("", null);
  root.comments = (line.comments || []).slice();
  addLine(root, line);
  return root;
}

function addLine(parent, line) {
  let at = parent;
  for (const m of line.moves || []) {
    const n = at.add(m.move);
    n.annotation = m.annotation || "";
    n.nags = (m.nags || []).slice();
    n.comments = (m.comments || []).slice();
    for (const v of m.variations || []) {
      // A variation's comments before its first move go with that move.
      const first = addLine(at, v);
      if (first && v.comments && v.comments.length) first.comments.unshift(...v.comments);
    }
    at = n;
  }
  return parent.child((line.moves || [])[0]?.move);
}
