// Package integrity tells a teacher which submissions look copied: from
// the kit's own answers (solutions/, which a class's kit holds), or from
// each other. It compares fingerprints of the code's tokens, chosen by
// winnowing (Schleimer, Wilkerson and Aiken, 2003; the method of MOSS):
// comments, layout, names and literals do not count, the code's structure
// does, so renaming, re-indenting or re-commenting a copy does not hide it.
package integrity

import (
	"hash/fnv"
	"strings"
)

// K is how many tokens one fingerprint covers, and Window how many
// consecutive ones winnowing picks one from: any run of K+Window-1 tokens
// two files share is found.
const (
	K      = 8
	Window = 4
)

// MinPrints is how many fingerprints a file needs for a similarity: a file
// shorter than that (a starter, a stub) is too short to tell copying from
// the one way to write it.
const MinPrints = 12

// A Print is a file's fingerprints.
type Print map[uint64]struct{}

// Of is src's print, for a file in language ("Python" has # comments;
// every other language the kit accepts has C's).
func Of(src []byte, language string) Print {
	toks := tokens(string(src), language == "Python")
	if len(toks) < K {
		return Print{}
	}
	grams := make([]uint64, 0, len(toks)-K+1)
	for i := 0; i+K <= len(toks); i++ {
		h := fnv.New64a()
		for _, t := range toks[i : i+K] {
			h.Write([]byte(t))
			h.Write([]byte{0})
		}
		grams = append(grams, h.Sum64())
	}
	p := Print{}
	for i := range max(len(grams)-Window+1, 1) {
		w := grams[i:min(i+Window, len(grams))]
		least := w[0]
		for _, g := range w[1:] {
			least = min(least, g)
		}
		p[least] = struct{}{}
	}
	return p
}

// Similarity is the share of the smaller print that the larger one holds,
// from 0 to 1: 1 for a copy, or a copy with code added. It is 0 when
// either print is under MinPrints.
func Similarity(a, b Print) float64 {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(a) < MinPrints {
		return 0
	}
	shared := 0
	for h := range a {
		if _, ok := b[h]; ok {
			shared++
		}
	}
	return float64(shared) / float64(len(a))
}

// keywords keep their own token; every other name becomes one token,
// so that renaming changes nothing.
var keywords = map[string]bool{}

func init() {
	for _, w := range strings.Split("break|case|chan|const|continue|default|defer|else|"+
		"fallthrough|for|func|go|goto|if|import|interface|map|package|"+
		"range|return|select|struct|switch|type|var|abstract|boolean|"+
		"byte|catch|char|class|do|double|extends|final|finally|float|"+
		"implements|instanceof|int|long|native|new|private|protected|"+
		"public|short|static|super|synchronized|this|throw|throws|try|"+
		"void|volatile|while|auto|bool|enum|extern|inline|register|"+
		"signed|sizeof|typedef|union|unsigned|nullptr|template|"+
		"typename|using|namespace|operator|virtual|and|as|assert|def|"+
		"del|elif|except|from|global|in|is|lambda|nonlocal|not|or|"+
		"pass|raise|with|yield|None|True|False|true|false|nil|null", "|") {
		keywords[w] = true
	}
}

// operators are the tokens of more than one character.
var operators = []string{"<<=", ">>=", "...", "<<", ">>", "&&", "||", "==", "!=", "<=", ">=", ":=", "+=", "-=", "*=", "/=", "%=", "|=", "&=", "^=", "++", "--", "->", "**", "//", "&^"}

// tokens splits src into the tokens its fingerprints are made of: names
// (other than keywords) become "i", numbers "0", strings and characters
// "s"; comments and layout go.
func tokens(src string, python bool) []string {
	var out []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v':
			i++
		case python && c == '#', !python && strings.HasPrefix(src[i:], "//"):
			i = lineEnd(src, i)
		case !python && strings.HasPrefix(src[i:], "/*"):
			end := strings.Index(src[i+2:], "*/")
			if end < 0 {
				return out
			}
			i += 2 + end + 2
		case python && (strings.HasPrefix(src[i:], `"""`) || strings.HasPrefix(src[i:], `'''`)):
			end := strings.Index(src[i+3:], src[i:i+3])
			if end < 0 {
				return out
			}
			i += 3 + end + 3
			out = append(out, "s")
		case c == '"' || c == '\'' || c == '`':
			i = quoteEnd(src, i)
			out = append(out, "s")
		case isDigit(c):
			for i < len(src) && (isWord(src[i]) || src[i] == '.') {
				i++
			}
			out = append(out, "0")
		case isWord(c):
			j := i
			for j < len(src) && isWord(src[j]) {
				j++
			}
			if w := src[i:j]; keywords[w] {
				out = append(out, w)
			} else {
				out = append(out, "i")
			}
			i = j
		default:
			op := src[i : i+1]
			for _, o := range operators {
				if strings.HasPrefix(src[i:], o) {
					op = o
					break
				}
			}
			out = append(out, op)
			i += len(op)
		}
	}
	return out
}

// lineEnd is where the line holding src[i] ends.
func lineEnd(src string, i int) int {
	if end := strings.IndexByte(src[i:], '\n'); end >= 0 {
		return i + end
	}
	return len(src)
}

// quoteEnd is past the string or character that starts at src[i]; a
// backslash escapes the next byte, but not in Go's raw strings.
func quoteEnd(src string, i int) int {
	q := src[i]
	for j := i + 1; j < len(src); j++ {
		switch {
		case src[j] == '\\' && q != '`':
			j++
		case src[j] == q:
			return j + 1
		case src[j] == '\n' && q != '`':
			return j
		}
	}
	return len(src)
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isWord(c byte) bool {
	return c == '_' || isDigit(c) || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
