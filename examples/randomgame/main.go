// Command randomgame plays a game of random legal moves and writes it as
// PDN, with the number of moves each side had to choose from as comments
// every ten moves.
//
//	go run ./examples/randomgame
//	go run ./examples/randomgame -variant lasca -seed 7
package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/pdn"
)

// maxPlies stops a game that goes on this long (possible when a variant
// turns the draw rules off); it is then written as unfinished.
const maxPlies = 1000

func main() {
	variant := flag.String("variant", "russian", "ruleset, e.g. russian, international, lasca")
	seed := flag.Uint64("seed", 1, "seed of the random moves")
	flag.Parse()
	v, err := bashni.ParseVariant(*variant)
	if err == nil {
		err = randomGame(os.Stdout, v, *seed)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "randomgame:", err)
		os.Exit(1)
	}
}

// randomGame plays random moves from v's start until the game ends, and
// writes the record to w.
func randomGame(w io.Writer, v bashni.Variant, seed uint64) error {
	g, err := bashni.NewGame(v)
	if err != nil {
		return err
	}
	rec := pdn.NewGame(g,
		pdn.Tag{Name: "Event", Value: "Random game"},
		pdn.Tag{Name: "White", Value: "random"},
		pdn.Tag{Name: "Black", Value: "random"},
		pdn.Tag{Name: "Seed", Value: fmt.Sprint(seed)})
	r := rand.New(rand.NewPCG(seed, 0))
	for !g.Outcome().IsOver() && g.Plies() < maxPlies {
		moves := g.LegalMoves()
		if err := g.Play(moves[r.IntN(len(moves))]); err != nil {
			return err
		}
		if g.Plies()%20 == 0 {
			note := rec.Note(g.Plies())
			note.Comments = append(note.Comments, fmt.Sprintf("%d moves to choose from", len(moves)))
		}
	}
	return pdn.Write(w, rec)
}
