// Package msg prints the judge's messages in the reader's language: English,
// or Simplified Chinese when the locale asks for it (LC_ALL, LC_MESSAGES or
// LANG starting with "zh", read in that order, as POSIX does).
//
// Every message is written in English at the place it is used, through
// Sprintf, Errorf or Fprintf; the English text is the key of its Chinese
// translation in the catalogue (zh.go). A text kept in a variable is marked
// where it is written (Mark) and translated where it is used (Tr). A test
// checks that every message has its translation, with the same verbs.
package msg

import (
	"fmt"
	"io"
	"strings"
	"sync/atomic"
)

// A Lang is a language the judge speaks.
type Lang string

// The languages of the catalogue.
const (
	English Lang = "en"
	Chinese Lang = "zh"
)

// FromEnv picks the language from the locale: the first of LC_ALL,
// LC_MESSAGES and LANG that is set decides.
func FromEnv(getenv func(string) string) Lang {
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if v := getenv(name); v != "" {
			if strings.HasPrefix(v, "zh") {
				return Chinese
			}
			return English
		}
	}
	return English
}

var current atomic.Value // Lang

// Use sets the language of every message from now on.
func Use(l Lang) { current.Store(l) }

// Current is the language in use.
func Current() Lang {
	if l, ok := current.Load().(Lang); ok {
		return l
	}
	return English
}

// Tr is the text s in the language in use; s is a literal marked with Mark.
func Tr(s string) string {
	if Current() == Chinese {
		if t, ok := zh()[s]; ok {
			return t
		}
	}
	return s
}

// Mark marks a literal to be translated where it is used, with Tr.
func Mark(s string) string { return s }

// Sprintf formats the message format, translated.
func Sprintf(format string, args ...any) string { return fmt.Sprintf(Tr(format), args...) }

// Errorf is fmt.Errorf with the format translated.
func Errorf(format string, args ...any) error { return fmt.Errorf(Tr(format), args...) }

// Fprintf writes the message format, translated, to w.
func Fprintf(w io.Writer, format string, args ...any) { fmt.Fprintf(w, Tr(format), args...) }
