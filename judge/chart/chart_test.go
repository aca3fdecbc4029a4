package chart

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChartIsAnSVGWithALinePerSolutionAndTheLimit(t *testing.T) {
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	all := []Series{
		{Name: "yours", Times: map[int]time.Duration{10: ms(5), 11: ms(12), 12: ms(60), 13: ms(300), 14: ms(1900)}},
		{Name: "bitmask", Times: map[int]time.Duration{10: ms(3), 11: ms(4), 12: ms(11), 13: ms(45), 14: ms(180), 15: ms(1100), 16: ms(7400)}},
	}
	limit := Series{Name: "limit (2.9× bitmask)", Colour: "black", Dashed: true, Times: map[int]time.Duration{10: 2 * time.Second, 13: 2 * time.Second, 14: ms(530), 16: ms(21500)}}
	var b strings.Builder
	require.NoError(t, Write(&b, Labels{"0052 <&> chart", "time"}, 10, 16, append(all, limit)))

	doc := parseChart(t, b.String())
	assert.Len(t, doc.Lines, 3, "two solutions and the limit")
	assert.Equal(t, "yours", doc.Lines[0].Title, "each line's tooltip")
	assert.Contains(t, doc.Texts, "0052 <&> chart", "the title, escaped")
	assert.Contains(t, doc.Texts, "1 ms")
	assert.Contains(t, doc.Texts, "10 s")
	assert.Contains(t, doc.Texts, "yours")
	assert.Contains(t, b.String(), `stroke-dasharray="7 5"`, "the limit is dashed")
}

// chartDoc is what a test reads of a chart.
type chartDoc struct {
	XMLName xml.Name `xml:"svg"`
	Lines   []struct {
		Title     string     `xml:"title"`
		Polylines []struct{} `xml:"polyline"`
	} `xml:"g"`
	Texts []string `xml:"text"`
}

func parseChart(t *testing.T, svg string) chartDoc {
	var doc chartDoc
	require.NoError(t, xml.Unmarshal([]byte(svg), &doc), "well-formed XML")
	return doc
}

func TestAClassChartHasALegendEntryPerVerdict(t *testing.T) {
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	var all []Series
	for i, v := range []string{"AC", "AC", "TLE", "AC", "TLE"} {
		all = append(all, Series{Name: fmt.Sprintf("student %d", i), Legend: "students: " + v, Times: map[int]time.Duration{10: ms(3), 11: ms(10 + float64(i))}})
	}
	all = append(all, Series{Name: "reference (Go)", Dashed: true, Colour: "#000000", Times: map[int]time.Duration{11: ms(9)}})
	var b strings.Builder
	require.NoError(t, Write(&b, Labels{"class", "CPU time"}, 10, 11, all))
	doc := parseChart(t, b.String())
	assert.Len(t, doc.Lines, 6, "a line per student and the reference")
	count := func(s string) int { return strings.Count(strings.Join(doc.Texts, "\n")+"\n", s+"\n") }
	assert.Equal(t, 1, count("students: AC"), "one legend entry for the three AC students")
	assert.Equal(t, 1, count("students: TLE"))
	assert.Equal(t, 1, count("reference (Go)"))
	assert.Zero(t, count("student 0"), "a student's name is the line's tooltip, not a legend entry")
}
