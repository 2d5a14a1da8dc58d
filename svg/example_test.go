package svg_test

import (
	"fmt"
	"strings"

	"github.com/bashni-dev/bashni"
	"github.com/bashni-dev/bashni/svg"
)

// The picture of a game's position with its last move highlighted: the
// squares it went over tinted, an arrow along its path, the jumped tower
// ringed. Render writes the same to an io.Writer, such as a file or an HTTP
// response.
func ExampleString() {
	g, err := bashni.NewGame(bashni.Lasca())
	if err != nil {
		panic(err)
	}
	if err := g.PlayLine("c3-d4 e5xc3"); err != nil {
		panic(err)
	}
	o := svg.Options{SquareSize: 48}
	if m, ok := g.Last(); ok {
		o.HighlightMove(m)
	}
	pic, err := svg.String(g.Position(), o)
	if err != nil {
		panic(err)
	}
	lines := strings.Split(pic, "\n")
	fmt.Println(lines[0])
	fmt.Println(lines[1])
	fmt.Println(strings.Count(pic, `class="sq"`), "dark squares; highlighted:", strings.Contains(pic, `<g class="highlight"`))
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="364.8" height="364.8" viewBox="0 0 364.8 364.8" font-family="sans-serif">
	// <title>lasca position, White to move</title>
	// 25 dark squares; highlighted: true
}
