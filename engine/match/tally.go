package match

import (
	"fmt"
	"math"

	"github.com/bashni-dev/bashni"
)

// A Tally is the score of one player (A) in a match: the games it won,
// drew and lost. The counts are 0 or more, as Add makes them; a Tally built
// with a negative count is no score, and what Games, Score, Elo,
// EloVariance and String give for it means nothing.
type Tally struct {
	Wins, Draws, Losses int
}

// Add counts game g for the player that had colour c in it; a Game without
// its game (the zero Game) counts nothing.
func (t *Tally) Add(g Game, c bashni.Color) {
	if g.Game == nil {
		return // no game, no score
	}
	w, decisive := g.Winner()
	switch {
	case !decisive:
		t.Draws++
	case w == c:
		t.Wins++
	default:
		t.Losses++
	}
}

// Games returns the number of games counted.
func (t Tally) Games() int { return t.Wins + t.Draws + t.Losses }

// Score returns A's points per game, from 0 to 1; a half when no games
// have been counted.
func (t Tally) Score() float64 {
	if t.Games() == 0 {
		return 0.5
	}
	return (float64(t.Wins) + float64(t.Draws)/2) / float64(t.Games())
}

// Elo returns the Elo difference A-B that the score implies, with the
// bounds of its 95% interval (by the normal approximation of the mean
// score per game). A score of 0 or 1 gives an infinite estimate; its
// finite bound comes from the least (greatest) score the binomial
// distribution leaves 5% likely. No games give 0, from -inf to +inf.
func (t Tally) Elo() (est, lo, hi float64) {
	n := float64(t.Games())
	p := t.Score()
	switch {
	case n == 0:
		return 0, math.Inf(-1), math.Inf(1)
	case t.Losses == 0 && t.Draws == 0:
		return math.Inf(1), eloOf(math.Pow(0.05, 1/n)), math.Inf(1)
	case t.Wins == 0 && t.Draws == 0:
		return math.Inf(-1), math.Inf(-1), eloOf(1 - math.Pow(0.05, 1/n))
	}
	se := math.Sqrt(t.meanVariance())
	return eloOf(p), eloOf(p - 1.96*se), eloOf(p + 1.96*se)
}

// EloVariance returns the variance of the Elo estimate: that of the mean
// score per game times the squared slope of the Elo curve at the score. The
// variances of independent matches add, for an Elo chained over several.
// No games give +inf.
func (t Tally) EloVariance() float64 {
	if t.Games() == 0 {
		return math.Inf(1)
	}
	p := t.Score()
	slope := 400 / (math.Ln10 * p * (1 - p))
	return t.meanVariance() * slope * slope
}

// meanVariance returns the variance of the mean score per game: the
// variance of one game's score (1, 1/2 or 0) over the number of games.
func (t Tally) meanVariance() float64 {
	n := float64(t.Games())
	p := t.Score()
	dev := (float64(t.Wins)*(1-p)*(1-p) + float64(t.Draws)*(0.5-p)*(0.5-p) + float64(t.Losses)*p*p) / n
	return dev / n
}

// eloOf returns the Elo difference of an expected score p.
func eloOf(p float64) float64 {
	switch {
	case p <= 0:
		return math.Inf(-1)
	case p >= 1:
		return math.Inf(1)
	}
	return -400 * math.Log10(1/p-1)
}

// FormatElo writes an Elo difference with its 95% interval, as Elo returns
// them: "+191 (95%: +120 to +282)", "+inf (95%: > +607)".
func FormatElo(est, lo, hi float64) string {
	switch {
	case math.IsInf(est, 1):
		return fmt.Sprintf("+inf (95%%: > %s)", EloText(lo))
	case math.IsInf(est, -1):
		return fmt.Sprintf("-inf (95%%: < %s)", EloText(hi))
	}
	return fmt.Sprintf("%s (95%%: %s to %s)", EloText(est), EloText(lo), EloText(hi))
}

// EloText writes an Elo difference rounded to a whole number with its sign
// ("+191", "-40", "0", "+inf").
func EloText(e float64) string {
	switch {
	case math.IsInf(e, 1):
		return "+inf"
	case math.IsInf(e, -1):
		return "-inf"
	}
	if r := math.Round(e); r != 0 {
		return fmt.Sprintf("%+.0f", r)
	}
	return "0" // not "-0"
}

// String writes the tally as "+W =D -L, score S%".
func (t Tally) String() string {
	return fmt.Sprintf("+%d =%d -%d, score %.1f%%", t.Wins, t.Draws, t.Losses, 100*t.Score())
}
