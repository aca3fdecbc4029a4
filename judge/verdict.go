package main

// A verdict is LeetCode's short code for how a submission or a case went.
type verdict string

const (
	AC  verdict = "AC"
	WA  verdict = "WA"
	TLE verdict = "TLE"
	MLE verdict = "MLE"
	OLE verdict = "OLE"
	RE  verdict = "RE"
	CE  verdict = "CE"
	// NotWritten is a starter file the student has not touched yet.
	NotWritten verdict = "NONE"
)

// Long is the verdict's full name, as LeetCode shows it.
func (v verdict) Long() string {
	switch v {
	case AC:
		return "Accepted"
	case WA:
		return "Wrong Answer"
	case TLE:
		return "Time Limit Exceeded"
	case MLE:
		return "Memory Limit Exceeded"
	case OLE:
		return "Output Limit Exceeded"
	case RE:
		return "Runtime Error"
	case CE:
		return "Compile Error"
	case NotWritten:
		return "Not Written Yet"
	}
	return string(v)
}
