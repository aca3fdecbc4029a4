// Package lazy makes a package's values on their first use instead of when
// the program starts. The judge's binary starts again for every run (as
// the jail's helper) and for every source check; each start would
// otherwise compile every regular expression and template of every
// package it links, though a helper uses none of them (about a fifth of a
// start's CPU time where page faults are slow).
package lazy

import (
	"regexp"
	"sync"
)

// Regexp is regexp.MustCompile(expr), compiled at its first call.
func Regexp(expr string) func() *regexp.Regexp {
	return sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })
}
