package gen

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/suite"
)

// Long names, strings and lines are drawn, as a bounded share of the
// cases: names of hundreds and thousands of bytes, of characters of one
// byte and of more; long strings; lines up to about the vectors' longest
// input (51,210 bytes), never much beyond. (Before, in 200,000 encoding
// cases, the longest name was 12 bytes.)
func TestLongInputs(t *testing.T) {
	const n = 40000
	r := NewRand(1).WithLongInputs()
	var names, multiByte, thousands, values, longEncode, longest int
	for i := 0; i < n; i++ {
		text := r.Input(suite.Encode)
		if !utf8.ValidString(text) {
			t.Fatalf("a JSON text drawn is not UTF-8: %.80q", text)
		}
		longest = max(longest, len(text))
		long := false
		for _, s := range jsonStrings(text) {
			if len(s.raw) < 250 {
				continue
			}
			long = true
			if !s.name {
				values++
				continue
			}
			names++
			if len(s.raw) >= 1000 {
				thousands++
			}
			if strings.ContainsFunc(s.raw, func(c rune) bool { return c >= 0x80 }) {
				multiByte++
			}
		}
		if long {
			longEncode++
		}
	}
	t.Logf("of %d encoding cases: %d with a name or string of 250 bytes or more; names %d (%d of 1000 bytes or more, %d with non-ASCII), strings %d; the longest text %d bytes",
		n, longEncode, names, thousands, multiByte, values, longest)
	if names < 50 || thousands < 10 || multiByte < 20 || values < 50 {
		t.Errorf("too few long names or strings drawn")
	}
	if share := float64(longEncode) / n; share < 0.005 || share > 0.015 {
		t.Errorf("%.1f%% of encoding cases hold a long name or string, want about 0.8%% (1.25%% long, two kinds in three)", 100*share)
	}
	if longest < 40000 || longest > 60000 {
		t.Errorf("the longest text drawn is %d bytes, want 40,000 to 60,000", longest)
	}
	longCodes, longestCode := 0, 0
	for i := 0; i < n; i++ {
		code := r.Input(suite.Strict)
		longestCode = max(longestCode, len(code))
		if longestRun(code) >= 64 { // no code of a value repeats a character so
			longCodes++
		}
	}
	t.Logf("of %d codes: %d with a long run of one character, the longest code %d bytes", n, longCodes, longestCode)
	if share := float64(longCodes) / n; share < 0.003 || share > 0.008 || longestCode < 10000 {
		t.Errorf("%d codes of %d with a long run, the longest %d bytes; want about 0.5%%, and one of 10,000 bytes or more", longCodes, n, longestCode)
	}
}

// longestRun returns the length in characters of the longest run of one
// character in s.
func longestRun(s string) int {
	longest, run, last := 0, 0, rune(-1)
	for _, c := range s {
		if c != last {
			run, last = 0, c
		}
		run++
		longest = max(longest, run)
	}
	return longest
}

// A jsonString is a string of a JSON text as written, without its quotes,
// and whether it is a member's name.
type jsonString struct {
	raw  string
	name bool
}

// jsonStrings returns the strings of a JSON text.
func jsonStrings(text string) []jsonString {
	var out []jsonString
	for i := 0; i < len(text); i++ {
		if text[i] != '"' {
			continue
		}
		j := i + 1
		for ; j < len(text) && text[j] != '"'; j++ {
			if text[j] == '\\' {
				j++
			}
		}
		out = append(out, jsonString{text[i+1 : j], j+1 < len(text) && text[j+1] == ':'})
		i = j
	}
	return out
}

// A Rand of NewRand draws no long input: the diagnosis's probes draw
// what they drew before long inputs were.
func TestNoLongInputsByDefault(t *testing.T) {
	r := NewRand(1)
	for i := 0; i < 5000; i++ {
		for _, s := range jsonStrings(r.Input(suite.Encode)) {
			if len(s.raw) >= 250 {
				t.Fatalf("a long name or string drawn: %.80q", s.raw)
			}
		}
		if code := r.Input(suite.Strict); longestRun(code) >= 64 {
			t.Fatalf("a long code drawn: %.80q", code)
		}
	}
}
