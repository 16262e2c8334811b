package term_test

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/qf-format/qf-conformance/internal/term"
)

// What a terminal acts on is escaped: controls, C1 controls, the
// bidirectional and line-breaking characters, bytes that are not UTF-8.
func TestPrintable(t *testing.T) {
	for _, c := range []struct {
		in, want string
		newlines bool
	}{
		{"plain é text", "plain é text", false},
		{"\x1b[2J\r\nforged", `\x1b[2J\x0d\x0aforged`, false},
		{"two\nlines\tand a tab", "two\nlines\tand a tab", true},
		{"\u202eevil\u2028", `\u202eevil\u2028`, true},
		{"\u0085 and \xff\xfe", `\u0085 and \xff\xfe`, false},
		{"del\x7f", `del\x7f`, false},
	} {
		if got := term.Printable(c.in, c.newlines); got != c.want {
			t.Errorf("Printable(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// Clip cuts long text at a character boundary and says how long it was.
func TestClip(t *testing.T) {
	if got := term.Clip("short", 10); got != "short" {
		t.Errorf("%q", got)
	}
	if got := term.Clip("abcdefghij", 4); got != "abcd... (10 bytes)" {
		t.Errorf("%q", got)
	}
	if got := term.Clip("aéé", 2); got != "a... (5 bytes)" { // not inside é
		t.Errorf("%q", got)
	}
	if got := term.Prefix([]byte("ééé"), 5); string(got) != "éé" {
		t.Errorf("%q", got)
	}
}

func TestPlural(t *testing.T) {
	for _, c := range []struct {
		n    int
		got  string
		want string
	}{
		{1, term.Plural(1, "cause"), "cause"},
		{0, term.Plural(0, "cause"), "causes"},
		{2, term.Plural(2, "entry", "entries"), "entries"},
		{1, term.Plural(1, "it", "them"), "it"},
		{2, term.Plural(2, "it", "them"), "them"},
		{1, term.Plural(1, "bit"), "bit"},
		{7, term.Plural(7, "bit"), "bits"},
		{1, term.Plural(1, "is", "are"), "is"},
		{2, term.Plural(2, "is", "are"), "are"},
		{1, term.Plural(1, "follows", "follow"), "follows"},
		{-1, term.Plural(-1, "code"), "codes"},
	} {
		if c.got != c.want {
			t.Errorf("%d: %q, want %q", c.n, c.got, c.want)
		}
	}
}

// The first line is written at once, and Clear erases it; a nil Progress
// writes nothing.
func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := term.NewProgress(&b)
	p.Show("%d cases", 3)
	p.Clear()
	if got := b.String(); got != "\r\x1b[K3 cases\r\x1b[K" {
		t.Errorf("%q", got)
	}
	var none *term.Progress = term.NewProgress(nil)
	none.Show("x")
	none.Clear()
	if !strings.Contains(b.String(), "3 cases") {
		t.Error("lost")
	}
}

// Fold leaves nothing out: joined again with the spaces it broke at, or
// nothing where it broke a word, the lines are the text; each line is at
// most the width, but for a UTF-8 sequence wider than it.
func TestFold(t *testing.T) {
	for _, c := range []struct {
		s     string
		width int
		want  []string
	}{
		{"short", 10, []string{"short"}},
		{"the quick brown fox jumps", 10, []string{"the quick", "brown fox", "jumps"}},
		{"AAAAAAAAAAAAAAAAAAAAAAAAA", 10, []string{"AAAAAAAAAA", "AAAAAAAAAA", "AAAAA"}},
		{"éééééé", 5, []string{"éé", "éé", "éé"}},
		{"€", 2, []string{"€"}},
		{"", 3, []string{""}},
	} {
		got := term.Fold(c.s, c.width)
		if !slices.Equal(got, c.want) {
			t.Errorf("Fold(%q, %d) = %q, want %q", c.s, c.width, got, c.want)
		}
	}
}

// TestLastLines: the last three lines that are not blank, at most 300
// bytes, escaped.
func TestLastLines(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"one\n\n  \ntwo\r\nthree\nfour\n\n", "two\nthree\nfour"},
		{"panic: \x1b[31mred\n", `panic: \x1b[31mred`},
		{strings.Repeat("x", 400), "..." + strings.Repeat("x", 300)},
	} {
		if got := term.LastLines(c.in); got != c.want {
			t.Errorf("LastLines(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
