// Package pdn reads and writes game records of column checkers in PDN, the
// Portable Draughts Notation (docs/RULES.md section 10): tag pairs, then
// movetext with move numbers, moves, comments, annotations, NAGs,
// variations and a result. A file may hold many games.
//
// # Reading
//
// A Reader reads one game at a time, so a file of any size is read in
// memory bounded by its largest game. A game that cannot be read is a
// *GameError naming the game (its number and tags), the line, the move
// number, the token and the reason (for an illegal move, with the legal
// moves); the Reader then goes on with the next game:
//
//	r := pdn.NewReader(f)
//	for {
//		g, err := r.Next()
//		if err == io.EOF {
//			break
//		}
//		var ge *pdn.GameError
//		if errors.As(err, &ge) {
//			fmt.Println(ge) // and go on
//			continue
//		}
//		if err != nil {
//			return err // the file could not be read
//		}
//		fmt.Println(g.Tag("White"), g.Game().Plies(), g.Game().Outcome())
//	}
//
// A '{' comment left open is such an error: it ends at the next line that
// is a tag pair on its own, so one stray brace does not swallow the rest
// of a file.
//
// [Variant "…"] chooses the ruleset, by name or in the text form of
// bashni.ParseVariant ("lasca", "russian,repetitions=0"); without it the
// game is russian (or the Reader's Variant). PDN 3.0's [GameType "…"] is
// read too, as other draughts programs write it: 25 is russian-draughts, 26
// brazilian-draughts, with its notation field ("25,W,8,8,N2,0"), and a
// game type bashni does not play is an error saying which game it is; the
// Variant names those programs write ("Russian draughts") name the same
// presets. [FEN "…"] gives a set-up start. Moves may be written in any form
// bashni.Position.ParseMove reads, or in square numbers (23-19), numbered as
// the GameType says or, without it, as Reader.Numbering says (py-draughts'
// 1 = b8 by default).
//
// A result given for a game the rules have not ended (such as 1-0 with Black
// still to move) is read as a resignation, or for a draw an agreement. What a
// record gets wrong without changing its moves (a result that contradicts
// how the rules ended the game, [Result "-"], no blank line before the
// moves, no result after them) is kept as written and listed in
// Game.Warnings; Reader.Strict makes it the game's error.
//
// Each *Game holds the *bashni.Game it describes: g.Game().Moves(),
// Positions(), Position() and Outcome() give the game itself; Tags, Notes
// and ResultText hold the rest of the record. Moves played and taken back
// through the record (g.Play, g.PlayText, g.Undo) keep Notes in step. The
// game's notation (bashni.Game.Notation, in which g.PlayText reads moves)
// is the record's: square numbers, in the record's numbering, when its
// GameType says so or it writes its moves in numbers (names are read too),
// and otherwise the ruleset's own.
//
// # Writing
//
// Write writes one game; what it writes reads back to the same game. The
// classic presets are written as PDN 3.0 and other programs write them (a
// GameType tag, captures with 'x'), and a Writer can write square numbers. To
// record a game played with the bashni package (self-play, say):
//
//	game, _ := bashni.NewGame(bashni.Russian())
//	// ... game.Play(m) ...
//	rec := pdn.NewGame(game, pdn.Tag{Name: "White", Value: "engine"}, pdn.Tag{Name: "Black", Value: "random"})
//	rec.Note(game.Plies()).Comments = append(rec.Note(game.Plies()).Comments, "time forfeit")
//	err := pdn.Write(os.Stdout, rec)
//
// The Result, Variant and FEN tags are written from the game, so they are
// always right; call Write once per game to write a file of many.
package pdn
