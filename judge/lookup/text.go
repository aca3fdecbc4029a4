package lookup

import (
	"math"
	"regexp"
	"strconv"
	"strings"

	"github.com/nqueens-kit/nqueens/internal/lazy"
)

// Comments says how a language writes comments, for FindInText.
type Comments int

const (
	CStyle Comments = iota // "//" to the end of the line, and "/* … */" (C, C++, Java)
	Hash                   // "#" to the end of the line (Python)
)

var (
	// Numbers as C, C++, Java and Python write them: hexadecimal, binary,
	// octal, decimal with '_' separators (digit separators written with
	// ' in C++ are taken out first), and floating point.
	numberLiteral = lazy.Regexp(`\b(0[xX][0-9a-fA-F_]+|0[bB][01_]+|0[oO][0-7_]+|[0-9][0-9_]*(\.[0-9_]*)?([eE][+-]?[0-9]+)?)[lLuUfFdD]*\b`)
	stringLiteral = lazy.Regexp(`"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'`)
)

// FindInText is Find for a language the judge does not parse: it looks at
// every number and string literal of src outside comments, reachable or
// not. Values are read as written (no constant folding).
func FindInText(src []byte, comments Comments, ans Answers) (Finding, bool) {
	text := string(src)
	if comments == CStyle {
		text = withoutDigitSeparators(text)
	}
	var found []Finding
	rows := map[int]*rowSet{}
	boards := map[int]map[string]int{}
	for i, line := range strings.Split(stripUncalled(stripComments(text, comments), comments), "\n") {
		for _, lit := range stringLiteral().FindAllString(line, -1) {
			s := lit[1 : len(lit)-1]
			if ans.Boards {
				boardRows(s, i+1, rows)
				columnBoards(s, i+1, boards)
			}
			found = append(found, numericString(s, i+1, ans)...)
		}
		code := stringLiteral().ReplaceAllString(line, `""`)
		for _, lit := range numberLiteral().FindAllString(code, -1) {
			if ans.Boards {
				columnBoards(lit, i+1, boards)
			}
			if v, ok := numberValue(lit); ok {
				if n, ok := ans.Counts[v]; ok {
					found = append(found, Finding{Line: i + 1, N: n, Value: strconv.FormatInt(v, 10)})
				}
			}
		}
	}
	return largest(append(found, writtenBoards(boards)...), rows)
}

// numberValue is a number literal's value when it is a whole number.
func numberValue(lit string) (int64, bool) {
	digits := strings.ReplaceAll(lit, "_", "")
	if !strings.HasPrefix(digits, "0x") && !strings.HasPrefix(digits, "0X") {
		digits = strings.TrimRight(digits, "lLuUfFdD")
	} else {
		digits = strings.TrimRight(digits, "lLuU")
	}
	if v, err := strconv.ParseInt(digits, 0, 64); err == nil {
		return v, true
	}
	if f, err := strconv.ParseFloat(digits, 64); err == nil && f == math.Trunc(f) && math.Abs(f) < 1<<62 {
		return int64(f), true
	}
	return 0, false
}

// numericString finds the counts in a string that holds only numbers
// (and separators between them): what a program converts at run time,
// int("14772512") or stoi("2279184"), or a table "1,0,0,2,10,…". A string
// with words in it, such as a message, is not looked at.
func numericString(s string, line int, ans Answers) []Finding {
	if !onlyNumbers().MatchString(s) {
		return nil
	}
	var found []Finding
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return (r < '0' || r > '9') && r != '_' }) {
		v, err := strconv.ParseInt(strings.ReplaceAll(run, "_", ""), 10, 64)
		if err != nil {
			continue
		}
		if n, ok := ans.Counts[v]; ok {
			found = append(found, Finding{Line: line, N: n, Value: strconv.FormatInt(v, 10)})
		}
	}
	return found
}

var onlyNumbers = lazy.Regexp(`^[\s,;:|_\[\]{}()-]*[0-9][0-9\s,;:|_\[\]{}()-]*$`)

// withoutDigitSeparators takes C++'s digit separators out (14'772'512):
// a ' between two digits. A character literal has a quote on each side of
// one character, never a digit on both sides of a quote.
func withoutDigitSeparators(src string) string {
	var b strings.Builder
	for i := 0; i < len(src); i++ {
		if src[i] == '\'' && i > 0 && i+1 < len(src) && isHexDigit(src[i-1]) && isHexDigit(src[i+1]) {
			continue
		}
		b.WriteByte(src[i])
	}
	return b.String()
}

func isHexDigit(c byte) bool {
	return '0' <= c && c <= '9' || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// Code the judge never calls, blanked out by stripUncalled: a Python
// docstring (a bare triple-quoted string) or self-test under
// if __name__ == "__main__":, and a Java main method, where a student may
// well print or check known counts.
var (
	tripleQuoted = lazy.Regexp(`(?s)"""(.*?)"""|'''(.*?)'''`)
	pythonMain   = lazy.Regexp(`(?m)^if\s+__name__\s*==\s*["']__main__["']\s*:`)
	javaMain     = lazy.Regexp(`\bstatic\s+void\s+main\s*\(`)
)

// stripUncalled blanks out code the judge never calls (see above), keeping
// every line in place. It runs after stripComments.
func stripUncalled(src string, comments Comments) string {
	blank := func(s string) string { return strings.Repeat("\n", strings.Count(s, "\n")) }
	if comments == Hash {
		src = tripleQuoted().ReplaceAllStringFunc(src, blank)
		if loc := pythonMain().FindStringIndex(src); loc != nil {
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
		loc := javaMain().FindStringIndex(src)
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

// columnBoards records the boards that a run of digits spells in column
// notation, each queen's column row by row, 0- or 1-based ("24130" and
// "35241" are the same 5-queens board), boards one after another: a table
// of 51's answers written down.
func columnBoards(s string, line int, boards map[int]map[string]int) {
	for _, run := range strings.FieldsFunc(s, func(r rune) bool { return r < '0' || r > '9' }) {
		for width := 5; width <= 9; width++ {
			if len(run)%width != 0 {
				continue
			}
			for i := 0; i+width <= len(run); i += width {
				b := run[i : i+width]
				if !isBoard(b) {
					continue
				}
				if boards[width] == nil {
					boards[width] = map[string]int{}
				}
				if first, ok := boards[width][b]; !ok || line < first {
					boards[width][b] = line
				}
			}
		}
	}
}

// isBoard reports whether digits, one per row, place a queen in every
// column, 0- or 1-based, with no two on a diagonal.
func isBoard(digits string) bool {
	w := len(digits)
	base := byte('0')
	if !strings.ContainsRune(digits, '0') {
		base = '1'
	}
	seen := make([]bool, w)
	for i := range w {
		c := int(digits[i]) - int(base)
		if c < 0 || c >= w || seen[c] {
			return false
		}
		seen[c] = true
		for j := range i {
			if d := int(digits[j]) - int(base); d-c == i-j || c-d == i-j {
				return false
			}
		}
	}
	return true
}

// writtenBoards are the findings for the widths of which at least
// BoardsWritten different boards are spelled in column notation.
func writtenBoards(boards map[int]map[string]int) []Finding {
	var found []Finding
	for width, set := range boards {
		if len(set) < BoardsWritten {
			continue
		}
		first := 0
		for _, line := range set {
			if first == 0 || line < first {
				first = line
			}
		}
		found = append(found, Finding{Line: first, N: width, Value: strings.Repeat(".", width)})
	}
	return found
}

// ReadsClockInText is ReadsClock for a language the judge does not parse:
// the first line outside comments, strings and code the judge never calls
// (a Java main, a Python self-test) where clock matches.
func ReadsClockInText(src []byte, comments Comments, clock *regexp.Regexp) (int, string, bool) {
	for i, line := range strings.Split(stripUncalled(stripComments(string(src), comments), comments), "\n") {
		if call := clock.FindString(stringLiteral().ReplaceAllString(line, `""`)); call != "" {
			return i + 1, strings.TrimRight(call, "( \t"), true
		}
	}
	return 0, "", false
}
