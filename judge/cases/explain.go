package cases

import (
	"strings"
	"unicode/utf8"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// wrongAnswer explains a failed comparison: the input, the answer given
// and, where the case's own check says it, the answer expected (read when
// the case was parsed, never from testscript's log).
func wrongAnswer(s *state) string {
	text := msg.Sprintf("n = %d: got %s", s.lastN, abbreviate(strings.TrimSpace(s.lastAnswer), 200))
	if i := s.runs - 1; i >= 0 && i < len(s.c.want) {
		text += s.c.want[i]
	}
	return text
}

// abbreviate cuts s to at most n bytes, on a character boundary, marking the cut.
func abbreviate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

// trimOutput keeps the start and end of what a student printed: head is
// the start as kept, tail the end when more was printed than head holds,
// and total the number of lines printed in all.
func trimOutput(head, tail string, total int64) string {
	const keep = 20 // lines from each end
	first := strings.Split(strings.TrimRight(head, "\n"), "\n")
	var last []string
	if tail == "" {
		if len(first) <= 2*keep {
			return abbreviateLines(first)
		}
		last, first = first[len(first)-keep:], first[:keep]
	} else {
		last = strings.Split(strings.TrimRight(tail, "\n"), "\n")
		last = last[1:] // the tail starts mid-line
		first = first[:min(keep, len(first))]
		last = last[max(0, len(last)-keep):]
	}
	cut := total - int64(len(first)+len(last))
	if !strings.HasSuffix(head, "\n") && tail == "" {
		cut++ // the last line has no newline
	}
	lines := append(append(first, msg.Sprintf("… (%d lines cut) …", max(cut, 1))), last...)
	return abbreviateLines(lines)
}

// abbreviateLines joins lines, each cut to 300 bytes.
func abbreviateLines(lines []string) string {
	for i, l := range lines {
		lines[i] = abbreviate(l, 300)
	}
	return strings.Join(lines, "\n")
}
