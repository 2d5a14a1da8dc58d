package testgame

// Issue #26's costly move: in CostlyVariant at CostlyFEN a white king has
// millions of capture sequences, and reading CostlyMove, one of them, once
// listed them all first (hundreds of MB). The tests of the layers that read
// moves (the library, the command, the web API) play it and bound the
// memory it takes; CostlyAfter is the position it leads to (Black, with no
// piece left of its own, has lost).
const (
	CostlyVariant = "russian,rejump=any,landing=any"
	CostlyFEN     = "W:WKe5:Bd4bbbbbbbbbbb"
	CostlyMove    = "e5:h8"
	CostlyAfter   = "B:WKh8bbbbbbbbbbbb:B"
)
