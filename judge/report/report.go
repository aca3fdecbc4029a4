// Package report prints a judged file's report for a person: the header,
// a line per case with why it failed, the summary, the profile and notes,
// in colour on a terminal.
package report

import (
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/nqueens-kit/nqueens/internal/msg"
	"github.com/nqueens-kit/nqueens/judge/cases"
	"github.com/nqueens-kit/nqueens/judge/format"
	"github.com/nqueens-kit/nqueens/judge/judging"
	"github.com/nqueens-kit/nqueens/judge/lang"
	"github.com/nqueens-kit/nqueens/judge/verdict"
)

// Printer prints reports for a person, on W: the terminal, or a student's
// feedback file (-grade -feedback).
type Printer struct {
	W       io.Writer
	Colour  bool // ANSI colours, for a terminal
	Verbose bool // each case's transcript too
}

// Whole prints the header, every case and the summary.
func (o Printer) Whole(rep *judging.Report) {
	o.Header(rep)
	for _, c := range rep.Cases {
		o.Case(c)
	}
	o.Summary(rep)
}

// Header names the problem and the file judged.
func (o Printer) Header(rep *judging.Report) {
	fmt.Fprintf(o.W, "%s  %s  %s\n", o.Bold(rep.Problem), rep.File, msg.Sprintf("(protection: %s)", tierWord(rep.Protection)))
}

// NotRun stands for the time and memory of a case decided without a run.
const NotRun = "—"

// limitColumns is the width of a case line's limit: room for a relative
// limit with its reference, "21.4 s (2.9× reference 7380 ms)".
const limitColumns = 32

// Case writes one case's line, and why it failed.
func (o Printer) Case(c *cases.Result) {
	w := o.W
	limit := format.Duration(format.Millis(c.LimitMs))
	if c.Relative() {
		limit += msg.Sprintf(" (%s× reference %s)", format.Factor(c.Factor), format.Duration(format.Millis(c.RefMs)))
	}
	used, memory := format.Duration(format.Millis(c.CPUms)), format.KiB(c.MaxRSSKB)
	if c.NotRun {
		used, memory = NotRun, NotRun
	}
	// The limit is padded by the terminal's columns, not by characters: a
	// Chinese reference's brackets and words are two columns wide.
	fmt.Fprintf(w, "  %s  %-12s %9s / %s %8s\n", o.Paint(c.Verdict, fmt.Sprintf("%-3s", c.Verdict)), c.Name, used, format.Pad(limit, limitColumns), memory)
	if o.Verbose && strings.TrimSpace(c.Transcript) != "" {
		fmt.Fprintf(w, "%s\n", Indent(format.Printable(strings.TrimSpace(c.Transcript)), "       : "))
	}
	switch {
	case c.Close && c.CloseNote != "":
		msg.Fprintf(w, "       close to the limit; %s\n", c.CloseNote)
	case c.Close:
		msg.Fprintf(w, "       close to the limit, decided by the time of this run\n")
	}
	if c.Verdict != verdict.AC {
		fmt.Fprintf(w, "%s\n", Indent(format.Printable(c.Message), "       "))
		if c.Output != "" {
			msg.Fprintf(w, "       your program printed:\n%s\n", Indent(format.Printable(c.Output), "       | "))
		}
	}
}

// Summary writes the overall verdict.
func (o Printer) Summary(rep *judging.Report) {
	w := o.W
	var cpu time.Duration
	passed := 0
	for _, c := range rep.Cases {
		cpu += c.CPU
		if c.Verdict == verdict.AC {
			passed++
		}
	}
	switch {
	case rep.Verdict == verdict.AC:
		msg.Fprintf(w, "%s: %d of %d cases, %s of CPU\n", o.Paint(verdict.AC, verdict.AC.Long()), len(rep.Cases), len(rep.Cases), format.Duration(cpu))
	case len(rep.Cases) == 0:
		fmt.Fprintf(w, "%s\n%s\n", o.Paint(rep.Verdict, rep.Verdict.Long()), Indent(format.Printable(rep.Message), "  "))
	default:
		tail := ""
		switch {
		case len(rep.Skipped) > 0 && rep.StoppedBy != "":
			tail = fmt.Sprintf("; %d %s", len(rep.Skipped), rep.SkipReason())
		case len(rep.Skipped) > 0:
			tail = msg.Sprintf("; %d not run (-all runs every case)", len(rep.Skipped))
		}
		msg.Fprintf(w, "%s: passed %d of %d cases%s\n", o.Paint(rep.Verdict, rep.Verdict.Long()), passed, len(rep.Cases)+len(rep.Skipped), tail)
	}
	if k := rep.Work; k != nil {
		kind := msg.Sprintf("a search over the free squares alone stays under %.1f", k.Limit)
		if k.PerPosition > k.Limit {
			kind = msg.Sprintf("over %.1f: it looks at squares that are not free", k.Limit)
		}
		msg.Fprintf(w, "Counted work (n = %d): your busiest line, %s:%d, ran %s times, %.1f per position of the reference search (%s positions); %s\n",
			k.N, rep.File, k.Line, format.Thousands(k.Count), k.PerPosition, format.Thousands(k.Positions), kind)
	}
	if rep.Profile != "" {
		fmt.Fprintln(w, rep.Profile)
	}
	for _, note := range rep.Notes {
		fmt.Fprintln(w, note)
	}
	if len(rep.Beyond) > 0 {
		msg.Fprintf(w, "note: %s not run for %s: its reference search needs more than about %.0f s there (README, \"Languages\")\n",
			strings.Join(rep.Beyond, ", "), rep.Language, lang.HeadlineSearch.Seconds())
	}
}

// tierWord is the tier's word alone of a report's protection ("landlock"
// of "landlock (missing: …)"): the stderr note at start says the rest.
func tierWord(protection string) string {
	word, _, _ := strings.Cut(protection, " ")
	return word
}

// Indent puts prefix before each line of s.
func Indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n"+prefix)
}

// Paint colours s as verdict v's colour, when o prints in colour.
func (o Printer) Paint(v verdict.Verdict, s string) string {
	if !o.Colour {
		return s
	}
	code := "31" // red
	switch v {
	case verdict.AC:
		code = "32" // green
	case verdict.TLE, verdict.MLE, verdict.OLE, verdict.NotWritten:
		code = "33" // yellow
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// Bold makes s bold, when o prints in colour.
func (o Printer) Bold(s string) string {
	if !o.Colour {
		return s
	}
	return "\x1b[1m" + s + "\x1b[0m"
}
