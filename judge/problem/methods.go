package problem

import (
	"slices"

	"github.com/nqueens-kit/nqueens/internal/msg"
)

// A Method is one of the course's ways to solve a problem, kept in its
// folder under solutions/<problem>/ (one file per language in it).
type Method struct {
	Folder string
	// Ratio is how a TLE's report names the method's CPU time over the
	// reference's, measured on the student's machine (a format for the
	// ratio, marked for translation), for the methods a report compares a
	// student's pace with; "" for the others.
	Ratio string
	// AllCores: the method searches on every core; -bench shows its wall
	// time beside its CPU time, and times it held to one core too.
	AllCores bool
}

// Methods are the course's methods in teaching order, the order -bench
// lists them in and a TLE's report names them in.
var Methods = []Method{
	{Folder: "array", Ratio: msg.Mark("the array method (an O(n) check per square) runs at %.1f times the reference")},
	{Folder: "booleans", Ratio: msg.Mark("boolean arrays (an O(1) check) at %.1f times")},
	{Folder: "bitmask"},
	{Folder: "samples/sets", Ratio: msg.Mark("sets of taken columns and diagonals at %.1f times")},
	{Folder: "fast", AllCores: true},
}

// MethodIn is the method kept in folder, and whether it is one.
func MethodIn(folder string) (Method, bool) {
	if i := Rank(folder); i < len(Methods) {
		return Methods[i], true
	}
	return Method{}, false
}

// Rank is folder's place in teaching order; other folders come after.
func Rank(folder string) int {
	if i := slices.IndexFunc(Methods, func(m Method) bool { return m.Folder == folder }); i >= 0 {
		return i
	}
	return len(Methods)
}
