package lookup

import (
	"regexp"
	"strconv"
	"strings"
)

// Comments says how a language writes comments, for FindInText.
type Comments int

const (
	CStyle Comments = iota // "//" to the end of the line, and "/* … */" (C, C++, Java)
	Hash                   // "#" to the end of the line (Python)
)

var (
	intLiteral    = regexp.MustCompile(`\b(0[xX][0-9a-fA-F_']+|[0-9][0-9_']*)[lLuU]*\b`)
	stringLiteral = regexp.MustCompile(`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'`)
)

// FindInText is Find for a language the judge does not parse: it looks at
// every integer and string literal of src outside comments, reachable or
// not. Values are read as written (no constant folding).
func FindInText(src []byte, comments Comments, ans Answers) (Finding, bool) {
	var found []Finding
	rows := map[int]*rowSet{}
	for i, line := range strings.Split(stripUncalled(stripComments(string(src), comments), comments), "\n") {
		for _, lit := range stringLiteral.FindAllString(line, -1) {
			if ans.Boards {
				boardRows(lit[1:len(lit)-1], i+1, rows)
			}
		}
		code := stringLiteral.ReplaceAllString(line, `""`)
		for _, lit := range intLiteral.FindAllString(code, -1) {
			digits := strings.TrimRight(strings.NewReplacer("_", "", "'", "").Replace(lit), "lLuU")
			v, err := strconv.ParseInt(digits, 0, 64)
			if err != nil {
				continue
			}
			if n, ok := ans.Counts[v]; ok {
				found = append(found, Finding{Line: i + 1, N: n, Value: strconv.FormatInt(v, 10)})
			}
		}
	}
	return largest(found, rows)
}

// Code the judge never calls, blanked out by stripUncalled: a Python
// docstring (a bare triple-quoted string) or self-test under
// if __name__ == "__main__":, and a Java main method, where a student may
// well print or check known counts.
var (
	tripleQuoted = regexp.MustCompile(`(?s)"""(.*?)"""|'''(.*?)'''`)
	pythonMain   = regexp.MustCompile(`(?m)^if\s+__name__\s*==\s*["']__main__["']\s*:`)
	javaMain     = regexp.MustCompile(`\bstatic\s+void\s+main\s*\(`)
)

// stripUncalled blanks out code the judge never calls (see above), keeping
// every line in place. It runs after stripComments.
func stripUncalled(src string, comments Comments) string {
	blank := func(s string) string { return strings.Repeat("\n", strings.Count(s, "\n")) }
	if comments == Hash {
		src = tripleQuoted.ReplaceAllStringFunc(src, blank)
		if loc := pythonMain.FindStringIndex(src); loc != nil {
			// To the next line that starts at the left margin, or the end.
			end := len(src)
			for i := strings.IndexByte(src[loc[1]:], '\n'); i >= 0; {
				at := loc[1] + i + 1
				if at < len(src) && src[at] != ' ' && src[at] != '\t' && src[at] != '\n' {
					end = at
					break
				}
				next := strings.IndexByte(src[at:], '\n')
				if next < 0 {
					break
				}
				i = at - loc[1] + next
			}
			src = src[:loc[0]] + blank(src[loc[0]:end]) + src[end:]
		}
		return src
	}
	for {
		loc := javaMain.FindStringIndex(src)
		if loc == nil {
			return src
		}
		open := strings.IndexByte(src[loc[1]:], '{')
		if open < 0 {
			return src
		}
		start, depth, end := loc[1]+open, 0, len(src)
		for i := start; i < len(src); i++ {
			switch src[i] {
			case '{':
				depth++
			case '}':
				depth--
			}
			if depth == 0 {
				end = i + 1
				break
			}
		}
		src = src[:loc[0]] + blank(src[loc[0]:end]) + src[end:]
	}
}

// stripComments blanks out comments, keeping every line in place. Quotes
// are followed so that a "//" inside a string is not taken for a comment.
func stripComments(src string, comments Comments) string {
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		c := src[i]
		switch {
		case c == '"' || c == '\'':
			j := i + 1
			for j < len(src) && src[j] != c && src[j] != '\n' {
				if src[j] == '\\' {
					j++
				}
				j++
			}
			j = min(j, len(src)-1)
			b.WriteString(src[i : j+1])
			i = j
		case comments == Hash && c == '#', comments == CStyle && strings.HasPrefix(src[i:], "//"):
			for i < len(src) && src[i] != '\n' {
				i++
			}
			if i < len(src) {
				b.WriteByte('\n')
			}
		case comments == CStyle && strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				end = len(src) - i - 2
			}
			b.WriteString(strings.Repeat("\n", strings.Count(src[i:i+2+end], "\n")))
			i += end + 3
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}
