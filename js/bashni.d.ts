// Types of the bashni package (bashni.js). A Go test
// (internal/wasmapi/drift_test.go) checks that every name exported here is
// exported by bashni.js and documented in README.md, and the other way round.

/** Where the compressed module is, or its bytes (LZMA, as xz --format=lzma writes it, or plain wasm). */
export interface LoadOptions {
  wasm?: URL | string | ArrayBuffer | Uint8Array;
}

/** Loads the WebAssembly module once; later calls return the same promise. */
export function load(options?: LoadOptions): Promise<Bashni>;

export type Color = 'white' | 'black';

/** One legal move. Squares are names such as 'c3'. */
export interface MoveInfo {
  /** The canonical text, in bashni's notation: 'c3-d4', 'c3:e5:g7'. */
  text: string;
  /** The move with numbered squares (PDN's N2: 1 = b8): '22-18', '22x15x6'. */
  numbers: string;
  from: string;
  to: string;
  /** The start square and every landing square. */
  path: string[];
  /** The squares of the towers jumped, in order. */
  captured: string[];
  /** Whether the moving man becomes a king. */
  promotes: boolean;
}

export interface Outcome {
  result: '1-0' | '0-1' | '1/2-1/2';
  /** 'no legal move', 'repetition', 'kings only', ... */
  reason: string;
}

/** What Position.matchPath finds for the squares clicked so far. */
export interface PathMatch {
  /** The legal moves still possible. */
  moves: string[];
  /** The squares that may be clicked next. */
  next: string[];
  /** Whether the clicks are the whole path of a legal move. */
  complete: boolean;
  /** That move, or null. */
  move: string | null;
}

export interface Tower {
  square: string;
  /** The square's number (PDN's N2: 1 = b8). */
  number: number;
  /** The pieces top first: 'w', 'b' men, 'W', 'B' kings ('Wbb'). */
  pieces: string;
}

/** A game record read from PDN. */
export interface PDNGame {
  tags: Record<string, string>;
  /** The ruleset's text; null when the game could not be read. */
  variant: string | null;
  /** The start position; null when the game could not be read. */
  fen: string | null;
  moves: string[];
  /** '1-0', '0-1', '1/2-1/2', '*' or as the record wrote it; null when unread. */
  result: string | null;
  /** What is wrong with the record; for a game that cannot be read, why. */
  errors: string[];
}

/** A game to write as PDN. */
export interface PDNInput {
  variant: string;
  fen?: string;
  moves?: string[];
  tags?: Record<string, string>;
  /**
   * '1-0', '0-1', '1/2-1/2' or '*' (as PDNGame.result): for a game the
   * rules have not ended, a resignation or an agreed draw.
   */
  result?: string | null;
}

export interface SVGOptions {
  /** A square's side in pixels (8 to 1024; 64 by default). */
  size?: number;
  /** Draw the board from Black's side. */
  flip?: boolean;
  /** false leaves out the letters and numbers around the board. */
  coordinates?: boolean;
  /** Mark the move that led to the position (when it came from play). */
  last?: boolean;
}

export interface SearchRequest {
  /** The ruleset's text. */
  variant: string;
  /** The start position (the ruleset's start when left out). */
  fen?: string;
  /** Moves played from fen; they count for repetitions. */
  moves?: string[];
  /** Milliseconds to think. */
  movetime?: number;
  /** Plies of full-width search. */
  depth?: number;
  /** Positions to search. */
  nodes?: number;
  /** Stops the search early; it still answers its best move. */
  signal?: AbortSignal;
}

export interface SearchResult {
  move: string;
  /** For the side to move, in hundredths of a man; beyond 29000 a forced win. */
  score: number;
  pv: string[];
  depth: number;
  nodes: number;
  /** Milliseconds. */
  time: number;
  /** Why it stopped: 'depth', 'nodes', 'time', 'cancelled', 'only move', 'win'. */
  stop: string;
}

/** A Hub protocol session. */
export interface HubSession {
  /** Sends one line; throws once the session is closed or has ended (quit). */
  send(line: string): void;
  /**
   * Ends the session as the end of its input does (a search under way is
   * stopped). A session dropped without close is closed when garbage
   * collected.
   */
  close(): void;
}

/** The loaded module. */
export class Bashni {
  private constructor();
  /** The start position of the ruleset, or the position of the FEN. */
  position(variant: string, fen?: string): Position;
  /** The names of the preset rulesets. */
  presets(): string[];
  readPDN(text: string): PDNGame[];
  writePDN(game: PDNInput): string;
  svg(position: Position, options?: SVGOptions): string;
  search(request: SearchRequest): Promise<SearchResult>;
  hub(onLine: (line: string) => void): HubSession;
}

/** A position, with the moves that led to it from its start. */
export class Position {
  private constructor();
  /** The ruleset's text, as bashni writes it. */
  readonly variant: string;
  /** The board's width and height in squares: 8, or 7 for Lasca (a1 is dark). */
  readonly size: number;
  /** The FEN of the game's start. */
  readonly start: string;
  /** The moves played from the start to here. */
  readonly line: readonly string[];
  /** The FEN before the last move, or null. */
  readonly before: string | null;
  /** The last move played, or null. */
  readonly lastMove: string | null;
  /**
   * The FEN, squares by name; with {numbers: true} by number (PDN's N2:
   * 1 = b8, as py-draughts writes them), each side's in number order.
   */
  fen(options?: { numbers?: boolean }): string;
  turn(): Color;
  legalMoves(): string[];
  moves(): MoveInfo[];
  play(move: string): Position;
  outcome(): Outcome | null;
  perft(depth: number): number;
  matchPath(squares: string[]): PathMatch;
  towers(): Tower[];
  toString(): string;
}
