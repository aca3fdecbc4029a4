package calibrate

import (
	"fmt"
	"math"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJudgesSavingAtOnceKeepEveryMeasurement(t *testing.T) {
	dir := t.TempDir()
	const judges = 8
	caches := make([]*Cache, judges)
	for i := range caches {
		caches[i] = Open(dir) // every judge started before any saved
		caches[i].Put(fmt.Sprintf("n16-%d", i), Entry{Case: fmt.Sprintf("0052/%d/n16", i), CPUms: 7500})
	}
	var wg sync.WaitGroup
	for _, c := range caches {
		wg.Add(1)
		go func() {
			defer wg.Done()
			assert.NoError(t, c.Save())
		}()
	}
	wg.Wait()
	got := Open(dir)
	for i := range judges {
		_, ok := got.Get(fmt.Sprintf("n16-%d", i))
		assert.True(t, ok, "judge %d's measurement survives the others' saves", i)
	}
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

// A measurement JSON cannot hold (a NaN spread) fails the save and leaves
// the file as it was: before, the cache was written empty.
func TestASaveThatCannotEncodeKeepsTheFile(t *testing.T) {
	dir := t.TempDir()
	kept := Open(dir)
	kept.Put("go-n14", Entry{CPUms: 180})
	require.NoError(t, kept.Save())
	broken := Open(dir)
	broken.Put("go-n15", Entry{CPUms: 1100, Spread: math.NaN()})
	assert.Error(t, broken.Save())
	e, ok := Open(dir).Get("go-n14")
	assert.True(t, ok, "the kept measurement survives")
	assert.Equal(t, 180.0, e.CPUms)
}
