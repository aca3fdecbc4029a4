package main

import (
	"encoding/xml"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestChartIsAnSVGWithALinePerSolutionAndTheLimit(t *testing.T) {
	ms := func(v float64) time.Duration { return time.Duration(v * float64(time.Millisecond)) }
	all := []series{
		{name: "yours", times: map[int]time.Duration{10: ms(5), 11: ms(12), 12: ms(60), 13: ms(300), 14: ms(1900)}},
		{name: "bitmask", times: map[int]time.Duration{10: ms(3), 11: ms(4), 12: ms(11), 13: ms(45), 14: ms(180), 15: ms(1100), 16: ms(7400)}},
	}
	limit := series{name: "limit (2.9× bitmask)", colour: "black", dashed: true, times: map[int]time.Duration{10: 2 * time.Second, 13: 2 * time.Second, 14: ms(530), 16: ms(21500)}}
	var b strings.Builder
	require.NoError(t, writeChart(&b, chartLabels{"0052 <&> chart", "time"}, 10, 16, append(all, limit)))

	var doc struct {
		XMLName   xml.Name   `xml:"svg"`
		Polylines []struct{} `xml:"polyline"`
		Texts     []string   `xml:"text"`
	}
	require.NoError(t, xml.Unmarshal([]byte(b.String()), &doc), "well-formed XML")
	assert.Len(t, doc.Polylines, 3, "two solutions and the limit")
	assert.Contains(t, doc.Texts, "0052 <&> chart", "the title, escaped")
	assert.Contains(t, doc.Texts, "1 ms")
	assert.Contains(t, doc.Texts, "10 s")
	assert.Contains(t, doc.Texts, "yours")
	assert.Contains(t, b.String(), `stroke-dasharray="7 5"`, "the limit is dashed")
}
