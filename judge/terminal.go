// What only a terminal gets: colour and a live line saying what runs
// (activity.Line).

package main

import (
	"io"
	"os"

	"golang.org/x/term"

	"github.com/nqueens-kit/nqueens/judge/activity"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// useColour: only on a terminal, and never when NO_COLOR is set.
func useColour(w io.Writer) bool {
	if _, ok := os.LookupEnv("NO_COLOR"); ok {
		return false
	}
	return isTerminal(w)
}

// isTerminal reports whether w is a terminal: not a pipe or a file, and not
// /dev/null either, which is a character device too.
func isTerminal(w io.Writer) bool {
	if lw, ok := w.(activity.Writer); ok {
		w = lw.Unwrap()
	}
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

func (j *judge) paint(v verdict.Verdict, s string) string { return j.out().Paint(v, s) }
