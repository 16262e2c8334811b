package diagnosis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/faults"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// A style is how an implementation reports every error, when it departs
// from spec/qf.md the same way each time: the level at which its errors
// can be compared with others. Decoding's errors (replay's and
// validation's included) and encoding's are told apart: an implementation
// may report every decoding error as invalid_character and every encoding
// error as malformed.
type style struct {
	oneKind     [2]string // every error of decoding [0] and of encoding [1] has this kind ("" when not so)
	kinds       [2]int    // the kinds the reference gives for those errors
	noOffsets   bool      // no error has an offset
	otherUnit   bool      // every offset is in the other unit (char for bit, bit for char)
	otherFields bool      // every field given differs from the reference's
	shift       [2]int    // every bit offset, and every char offset, this far from the reference's (0 when not so)
	errors      int       // the errors compared
}

// way returns the index of a direction in oneKind: 1 for encoding.
func way(enc bool) int {
	if enc {
		return 1
	}
	return 0
}

// sameError reports whether two error objects, of encoding when enc is
// set, are the same error, as far as the style lets them be told apart.
func (s *style) sameError(a, b *spec.ErrorObject, enc bool) bool {
	if s.oneKind[way(enc)] == "" && a.Kind != b.Kind {
		return false
	}
	if !s.noOffsets && !s.otherUnit && !(sameInt(a.Bit, b.Bit) && sameInt(a.Char, b.Char)) {
		return false
	}
	return s.otherFields || a.Field == "" || b.Field == "" || a.Field == b.Field
}

func sameInt(a, b *int) bool { return a == nil && b == nil || a != nil && b != nil && *a == *b }

// any reports whether the style departs from spec/qf.md at all.
func (s *style) any() bool {
	return s.oneKind != [2]string{} || s.noOffsets || s.otherUnit || s.otherFields || s.shift != [2]int{}
}

// minErrors is how many errors the implementation must have answered, for
// a style of reporting them to be told.
const minErrors = 3

// An errorPair is an error the reference gives and the implementation's.
type errorPair struct {
	want, got *spec.ErrorObject
	enc       bool
}

// reporting finds how the implementation reports errors, from the tests
// where the reference and the implementation both answer an error, and
// adds the cause of the failures that are right but for it.
func (d *diagnosis) reporting() {
	var pairs []errorPair
	for _, o := range d.obs {
		if o.Test.Error != nil && o.Answer != nil && o.Answer.Error != nil && o.Reason != suite.Unsupported {
			pairs = append(pairs, errorPair{o.Test.Error, o.Answer.Error, encodes(o.Category)})
		}
	}
	s := &d.style
	s.errors = len(pairs)
	if len(pairs) < minErrors {
		return
	}
	s.kindsOf(pairs)
	s.positionsOf(pairs)
	if s.shift != [2]int{} {
		d.answers.shiftErrors(-s.shift[0], -s.shift[1])
	}
	if !s.any() {
		return
	}
	// The failures the style explains: right answers but for it.
	var members []int
	for _, i := range d.failed {
		if s.same(d.answers.predict("", nil, i), d.answers.observed[i]) {
			members = append(members, i)
		}
	}
	d.add(s.cause(), members)
}

// kindsOf finds a kind given to every error of a direction for which the
// reference gives two kinds or more: one for all, or one each way.
func (s *style) kindsOf(pairs []errorPair) {
	var got, want [2]map[string]bool
	var n [2]int
	for w := range got {
		got[w], want[w] = map[string]bool{}, map[string]bool{}
	}
	for _, p := range pairs {
		w := way(p.enc)
		got[w][p.got.Kind] = true
		want[w][p.want.Kind] = true
		n[w]++
	}
	for w := range got {
		if n[w] >= minErrors && len(got[w]) == 1 && len(want[w]) >= 2 {
			for k := range got[w] {
				s.oneKind[w] = k
			}
			s.kinds[w] = len(want[w])
		}
	}
	// One kind for every error of one way, and the other way's errors too
	// few to tell, or of that kind too: one kind for everything.
	for w := range got {
		if other := 1 - w; s.oneKind[w] != "" && s.oneKind[other] == "" && (n[other] < minErrors || len(got[other]) == 1 && got[other][s.oneKind[w]]) && n[other] > 0 {
			s.oneKind[other] = s.oneKind[w]
		}
	}
}

// positionsOf finds a way of giving offsets and fields to every error: no
// offsets, offsets in the other unit or from another origin, other field
// paths.
func (s *style) positionsOf(pairs []errorPair) {
	withOffset, none, other, withField, fieldsDiffer := 0, 0, 0, 0, 0
	shifts := [2]map[int]int{{}, {}} // bit, char
	for _, p := range pairs {
		want, got := p.want, p.got
		if want.Bit != nil || want.Char != nil {
			withOffset++
			switch {
			case got.Bit == nil && got.Char == nil:
				none++
			case (got.Bit == nil) != (want.Bit == nil):
				other++
			case got.Bit != nil:
				shifts[0][*got.Bit-*want.Bit]++
			default:
				shifts[1][*got.Char-*want.Char]++
			}
		}
		if got.Field != "" && want.Field != "" {
			withField++
			if got.Field != want.Field {
				fieldsDiffer++
			}
		}
	}
	s.noOffsets = withOffset >= minErrors && none == withOffset
	s.otherUnit = withOffset >= minErrors && other == withOffset
	s.otherFields = withField >= minErrors && fieldsDiffer == withField
	for unit, counts := range shifts {
		total := 0
		for _, n := range counts {
			total += n
		}
		for by, n := range counts {
			if by != 0 && n >= minErrors && n == total {
				s.shift[unit] = by
			}
		}
	}
}

// variant returns the fault of the catalogue that reports errors of one
// kind as the style does: one kind for everything, or one each way.
func (s *style) variant() *faults.Fault {
	name := "one-error-kind"
	if s.oneKind[0] != s.oneKind[1] && s.oneKind[0] != "" && s.oneKind[1] != "" {
		name = "one-error-kind-each-way"
	}
	f, _ := faults.Named(name)
	return f
}

// cause returns the style's cause, without its members.
func (s *style) cause() Cause {
	var name, what, evidence, fixes []string
	var seen []*faults.Fault
	c := Cause{Kind: Reporting, Refs: []string{"Errors"}}
	switch {
	case s.oneKind[0] != "" && s.oneKind[0] == s.oneKind[1], s.oneKind[0] == "" != (s.oneKind[1] == ""):
		k := s.oneKind[0] + s.oneKind[1]
		if s.oneKind[0] != "" && s.oneKind[1] != "" {
			k = s.oneKind[0]
		}
		name = append(name, fmt.Sprintf("one kind %q", k))
		what = append(what, fmt.Sprintf("as %q", k))
		evidence = append(evidence, fmt.Sprintf("kind %q on all %d errors, where the reference gives %d kinds", k, s.errors, max(s.kinds[0], s.kinds[1])))
		seen = append(seen, s.variant())
	case s.oneKind[0] != "":
		name = append(name, fmt.Sprintf("one kind %q decoding, %q encoding", s.oneKind[0], s.oneKind[1]))
		what = append(what, fmt.Sprintf("as %q when decoding and %q when encoding", s.oneKind[0], s.oneKind[1]))
		evidence = append(evidence, fmt.Sprintf("kind %q on every decoding error, where the reference gives %d kinds, and %q on every encoding error, where it gives %d",
			s.oneKind[0], s.kinds[0], s.oneKind[1], s.kinds[1]))
		seen = append(seen, s.variant())
	}
	if len(seen) > 0 {
		c.Variant, c.Variants = seen[0].Shape, []string{seen[0].Name}
	}
	switch {
	case s.noOffsets:
		name = append(name, "no offsets")
		what = append(what, "with no offset")
		evidence = append(evidence, "no bit or char offset on any")
		f, _ := faults.Named("no-positions")
		seen = append(seen, f)
	case s.otherUnit:
		name = append(name, "offsets in the other unit")
		what = append(what, "with offsets in the other unit (char for bit, bit for char)")
		evidence = append(evidence, "every offset in the other unit")
		fixes = append(fixes, "give the offset of bit-positioned errors (truncated, out_of_range, nonzero_padding) in bits, and of invalid_character and trailing_data in characters (bytes)")
	}
	for unit, by := range s.shift {
		if by == 0 {
			continue
		}
		word, dir := [2]string{"bit", "char"}[unit], "too far"
		if by < 0 {
			dir = "too early"
		}
		name = append(name, fmt.Sprintf("%s offsets %+d", word, by))
		what = append(what, fmt.Sprintf("with %s offsets %d %s", word, abs(by), dir))
		evidence = append(evidence, fmt.Sprintf("every %s offset %+d from the reference's", word, by))
		fixes = append(fixes, "count offsets from 0: the first bit of the code is bit 0, its first byte char 0")
	}
	if s.otherFields {
		name = append(name, "other field paths")
		what = append(what, "with other field paths")
		evidence = append(evidence, "every field given differs from the reference's")
		fixes = append(fixes, "name fields by their paths in spec/qf.md's layout table, such as state.walls.white.h.count")
	}
	c.Name, c.Title, c.Evidence = strings.Join(name, ", "), "every error reported "+strings.Join(what, ", "), strings.Join(evidence, "; ")
	for _, f := range seen {
		fixes = append(fixes, f.Fix)
	}
	c.Fix = strings.Join(slices.Compact(fixes), "; ")
	return c
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
