package cases

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// wrongAnswer explains a failed comparison: the input, the answer given and,
// where the case holds it, the answer expected.
func wrongAnswer(s *state, log string) string {
	got := strings.TrimSpace(s.lastAnswer)
	msg := fmt.Sprintf("n = %d: got %s", s.lastN, abbreviate(got, 200))
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
						return msg + ", want " + abbreviate(strings.TrimSpace(string(f.Data)), 200)
					}
				}
			}
			if sl.args[0] == "stdout" && len(sl.args) == 2 {
				return msg + fmt.Sprintf(", want an answer matching %s", sl.args[1])
			}
		}
		return msg + "\n" + strings.TrimPrefix(l, "FAIL: ")
	}
	return msg
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

// trimOutput keeps the start and end of what a student printed.
func trimOutput(s string) string {
	const keep = 20 // lines from each end
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > 2*keep {
		cut := len(lines) - 2*keep
		lines = append(append(lines[:keep:keep], fmt.Sprintf("… (%d lines cut) …", cut)), lines[len(lines)-keep:]...)
	}
	for i, l := range lines {
		lines[i] = abbreviate(l, 300)
	}
	return strings.Join(lines, "\n")
}
