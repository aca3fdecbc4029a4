package cases

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// wrongAnswer explains a failed comparison: the input, the answer given and,
// where the case holds it, the answer expected.
func wrongAnswer(s *state, log string) string {
	got := strings.TrimSpace(s.lastAnswer)
	text := msg.Sprintf("n = %d: got %s", s.lastN, abbreviate(got, 200))
	// Find the failing line in the transcript: "FAIL: path:LINE: ...".
	for _, l := range strings.Split(log, "\n") {
		if !strings.HasPrefix(l, "FAIL: ") {
			continue
		}
		for _, sl := range s.c.script {
			if !strings.Contains(l, fmt.Sprintf(":%d: ", sl.num)) {
				continue
			}
			if sl.args[0] == "cmp" && len(sl.args) == 3 {
				for _, f := range s.c.archive.Files {
					if f.Name == sl.args[2] {
						return text + msg.Sprintf(", want %s", abbreviate(strings.TrimSpace(string(f.Data)), 200))
					}
				}
			}
			if sl.args[0] == "stdout" && len(sl.args) == 2 {
				return text + msg.Sprintf(", want an answer matching %s", sl.args[1])
			}
		}
		return text + "\n" + strings.TrimPrefix(l, "FAIL: ")
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
