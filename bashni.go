// Package bashni implements column checkers: Bashni (Russian "столбовые
// шашки", towers), in which a captured piece is not removed but goes under the
// piece that took it, so towers grow and shrink and prisoners are freed, and
// its sister Lasca, Emanuel Lasker's 7x7 game of the same kind.
//
// The rules are those of docs/RULES.md in this repository; its rule ids
// (R1..R7, I1..I5, L1..L7) are cited throughout. A Variant is a set of
// switches; Russian (the default), International and Lasca are presets, and
// so are classic Russian and Brazilian draughts (stacking off) and the
// rulesets of the Ludii game system.
//
// A Position is a value: the towers, the side to move and the ruleset.
// LegalMoves lists its moves (one per resulting position), Play returns the
// position after one, ParseMove and Move.String read and write move notation,
// ParseFEN and Position.FEN read and write positions, and Perft counts.
//
//	pos := bashni.Russian().MustStart()
//	m, err := pos.ParseMove("c3-d4")
//	if err != nil { ... }
//	pos, err = pos.Play(m)
//	fmt.Print(pos.Diagram())
package bashni
