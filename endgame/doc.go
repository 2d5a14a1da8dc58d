// Package endgame builds and probes endgame tables for the classic presets,
// russian-draughts and brazilian-draughts (stacking off): for every position
// of a few pieces, its game-theoretic value for the side to move and the
// distance to the game's end with best play.
//
// # What a table holds
//
// A Value is a win, a draw or a loss with, for a win or a loss, the number
// of plies until the losing side has no legal move (it has lost: docs/RULES.md,
// the side to move that cannot move loses), the winner hurrying and the loser
// delaying: distance to mate, counted through captures and promotions into
// smaller tables. It is stored as one byte per position (FORMATS.md, "Endgame
// tables").
//
// The values are those of the game without its draw rules: no repetition
// draw and no kings-only move count (docs/RULES.md section 9). A game under
// those rules may be drawn where the table says win, when the win takes more
// moves than the count allows; the table's distance tells an engine or a
// player how far the win is, and so whether the count allows it. Keeping
// the count out keeps the tables a property of the position alone, which a
// move count would not be.
//
// So one set of tables serves the preset and every ruleset that differs
// from it only in its draw-rule counts (Variant.Repetitions,
// Variant.KingsOnlyPlies), "russian-draughts,kings-only=0" say: Ruleset
// names the preset whose tables serve a ruleset, and Probe, Open, Build,
// Dir and Library take any of them to the preset's tables. Under a
// ruleset's draw rules a table's draw is a draw (a draw rule ends no game
// in a win), and a win or loss in n plies holds when the kings-only count
// cannot reach its limit within the n plies (it is off, or the plies
// already counted plus n stay under it); otherwise the count may draw it.
// The repetition rule does not change it: no position comes twice on the
// line of a win or loss in n, each ply shortening the distance (a position
// played before the probed one could come again on it, which only the
// game's moves tell). The engine takes a value only where it holds.
//
// # Building
//
// Build solves every material of up to a number of pieces by retrograde
// analysis, smallest first, using the rules of the bashni package (its move
// generator) for every move: a table is computed, not written by hand. A
// material's positions are enumerated once, each position's moves generated
// and played once; moves into smaller or finished tables (captures,
// promotions) are looked up at once, and moves within the material are kept
// as a graph on which the distances are then found ply by ply.
//
// # The index
//
// Tables are keyed by their Signature, the material: the numbers of men and
// kings of each colour. White is always to move in a stored table: a
// position with Black to move is turned half round with its colours swapped
// (both presets are symmetric under that) and read from the table of its
// swapped signature. Within a table a position's index is, in this order,
// the combination of White's men among the 28 squares a white man may stand
// on, of Black's men among its 28, of White's kings among the squares left,
// and of Black's kings among those left (combinadic ranks, Signature.Size
// positions in all; placements where the men meet are unused entries).
//
// Towers fit this design as a longer signature: a tower game's material is
// the multiset of tower kinds of each colour (a tower's kind is its top and
// the pieces below it, which a capture only shortens), and the index places
// each kind's towers on the squares left in turn, as kings are placed here.
// A tower signature is a longer text in the same header field (FORMATS.md);
// the build's order stays "fewer pieces first, then fewer men".
package endgame
