// Package nqueens holds the judge's own source, embedded, so that a judge
// can name itself by what it was built from (judge/version): go run and
// go build of the same source are the same judge, whatever the
// executable's bytes.
package nqueens

import "embed"

// Source is the judge's Go source and the module's requirements.
//
//go:embed go.mod go.sum judge/*.go judge/*/*.go judge/*/*/*.go internal/*/*.go
var Source embed.FS
