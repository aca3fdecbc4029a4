// Package format writes the durations and sizes the judge reports, one way
// everywhere.
package format

import (
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/width"
)

// Duration is a CPU or wall time as reports show it: "870 ms", "10.6 s".
func Duration(d time.Duration) string {
	if d < 10*time.Second {
		return fmt.Sprintf("%d ms", d.Milliseconds())
	}
	return fmt.Sprintf("%.1f s", d.Seconds())
}

// Seconds is a duration in seconds with one decimal: "2.0 s".
func Seconds(d time.Duration) string { return fmt.Sprintf("%.1f s", d.Seconds()) }

// Minutes is a long wait, said roughly: "40 s", "3.5 min".
func Minutes(d time.Duration) string {
	if d < time.Minute {
		return fmt.Sprintf("%.0f s", d.Seconds())
	}
	return fmt.Sprintf("%.1f min", d.Minutes())
}

// Short is a duration in three significant figures, for tables: "9.87s", "214ms".
func Short(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.1fs", d.Seconds())
	case d >= time.Second:
		return fmt.Sprintf("%.2fs", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.0fms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.2fms", float64(d)/float64(time.Millisecond))
	}
}

// Bytes is a limit in whole units: "512 MiB", "64 KiB".
func Bytes(b int64) string {
	if b >= 1<<20 {
		return fmt.Sprintf("%d MiB", b>>20)
	}
	return fmt.Sprintf("%d KiB", b>>10)
}

// KiB is a measured size given in KiB, in MiB with one decimal: "4.8 MiB";
// "" for nothing measured.
func KiB(k int64) string {
	if k == 0 {
		return ""
	}
	return fmt.Sprintf("%.1f MiB", float64(k)/1024)
}

// Printable escapes the control characters of text a program printed, so
// that it cannot move the cursor, erase lines or retitle the window of the
// terminal it is shown on: ESC becomes \x1b, and so on. Newlines and tabs
// stay; so does every printable character, in any script.
func Printable(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\n' || r == '\t':
			b.WriteRune(r)
		case r == utf8.RuneError:
			b.WriteString("\uFFFD")
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0):
			fmt.Fprintf(&b, "\\x%02x", r)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Millis is a count of milliseconds (a JSON report's) as a duration.
func Millis(n int64) time.Duration { return time.Duration(n) * time.Millisecond }

// Factor writes a limit factor without needless decimals: 4, 1.5, 2.9.
func Factor(f float64) string { return strings.TrimSuffix(fmt.Sprintf("%.2g", f), ".0") }

// Columns is how many columns of a terminal s takes: two for each wide
// character (Chinese, Japanese, Korean, fullwidth forms), none for a
// combining mark, one for the others.
func Columns(s string) int {
	n := 0
	for _, r := range s {
		switch {
		case unicode.Is(unicode.Mn, r) || unicode.Is(unicode.Me, r):
		case width.LookupRune(r).Kind() == width.EastAsianWide || width.LookupRune(r).Kind() == width.EastAsianFullwidth:
			n += 2
		default:
			n++
		}
	}
	return n
}

// Pad is s followed by spaces to fill n columns of a terminal (Columns).
func Pad(s string, n int) string {
	return s + strings.Repeat(" ", max(0, n-Columns(s)))
}

// Thousands writes n with a space between groups of three digits.
func Thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + " " + s[i:]
	}
	return s
}
