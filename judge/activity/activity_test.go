package activity

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestStartRecordsAndStopClearsOnlyItsOwn(t *testing.T) {
	var n Now
	what, _, changed := n.Get()
	assert.Empty(t, what)

	stopBuild := n.Start("building")
	what, since, _ := n.Get()
	assert.Equal(t, "building", what)
	assert.False(t, since.IsZero())
	select {
	case <-changed:
	default:
		t.Fatal("a start does not say it changed")
	}

	// One thing at a time: a start without a stop takes the place of the
	// last, whose late stop leaves the new one alone.
	stopRun := n.Start("n16")
	stopBuild()
	what, _, changed = n.Get()
	assert.Equal(t, "n16", what)
	select {
	case <-changed:
		t.Fatal("a stale stop says it changed")
	default:
	}

	stopRun()
	what, _, _ = n.Get()
	assert.Empty(t, what)
	select {
	case <-changed:
	default:
		t.Fatal("a stop does not say it changed")
	}
	stopRun() // twice is harmless
}

func TestNilRecordsNothing(t *testing.T) {
	var n *Now
	assert.NotPanics(t, func() { n.Start("anything")() })
}
