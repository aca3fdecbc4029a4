package calibrate

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestTwoJudgesSavingAtOnceKeepBothMeasurements(t *testing.T) {
	dir := t.TempDir()
	a, b := Open(dir), Open(dir) // two judges, started before either saved
	a.Put("go-n16", Entry{Case: "0052/Go/n16", CPUms: 7500})
	b.Put("java-n16", Entry{Case: "0052/Java/n16", CPUms: 6400})
	require.NoError(t, a.Save())
	require.NoError(t, b.Save())

	got := Open(dir)
	_, ok := got.Get("go-n16")
	assert.True(t, ok, "the first judge's measurement survives the second's save")
	_, ok = got.Get("java-n16")
	assert.True(t, ok)
}

func TestSaveKeepsItsOwnNewerMeasurement(t *testing.T) {
	dir := t.TempDir()
	old := Open(dir)
	old.Put("go-n16", Entry{CPUms: 9000})
	require.NoError(t, old.Save())
	fresh := Open(dir)
	fresh.Put("go-n16", Entry{CPUms: 7500}) // -calibrate measured again
	require.NoError(t, fresh.Save())
	e, _ := Open(dir).Get("go-n16")
	assert.Equal(t, 7500.0, e.CPUms)
}
