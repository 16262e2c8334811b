package diagnosis

import (
	"fmt"
	"slices"
	"strings"

	"github.com/qf-format/qf-conformance/internal/faults"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// A style is how an implementation reports every error, when it departs
// from spec/qf.md the same way each time: the level at which its errors
// can be compared with others.
type style struct {
	oneKind     string // every error has this kind ("" when not so)
	kinds       int    // the kinds the reference gives for those errors
	noOffsets   bool   // no error has an offset
	otherUnit   bool   // every offset is in the other unit (char for bit, bit for char)
	otherFields bool   // every field given differs from the reference's
	shift       [2]int // every bit offset, and every char offset, this far from the reference's (0 when not so)
	errors      int    // the errors compared
}

// sameError reports whether two error objects are the same error, as far
// as the style lets them be told apart.
func (s *style) sameError(a, b *spec.ErrorObject) bool {
	if s.oneKind == "" && a.Kind != b.Kind {
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
	return s.oneKind != "" || s.noOffsets || s.otherUnit || s.otherFields || s.shift != [2]int{}
}

// minErrors is how many errors the implementation must have answered, for
// a style of reporting them to be told.
const minErrors = 3

// reporting finds how the implementation reports errors, from the tests
// where the reference and the implementation both answer an error, and
// adds the cause of the failures that are right but for it.
func (d *diagnosis) reporting() {
	var pairs [][2]*spec.ErrorObject // want, got
	for i := range d.obs {
		o := d.obs[i]
		if o.Test.Error != nil && o.Answer != nil && o.Answer.Error != nil && o.Reason != suite.Unsupported {
			pairs = append(pairs, [2]*spec.ErrorObject{o.Test.Error, o.Answer.Error})
		}
	}
	s := &d.style
	s.errors = len(pairs)
	if len(pairs) < minErrors {
		return
	}
	gotKinds, wantKinds := map[string]bool{}, map[string]bool{}
	withOffset, none, other, withField, fieldsDiffer := 0, 0, 0, 0, 0
	shifts := [2]map[int]int{{}, {}} // bit, char
	for _, p := range pairs {
		want, got := p[0], p[1]
		gotKinds[got.Kind] = true
		wantKinds[want.Kind] = true
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
	if len(gotKinds) == 1 && len(wantKinds) >= 2 {
		for k := range gotKinds {
			s.oneKind = k
		}
		s.kinds = len(wantKinds)
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

// cause returns the style's cause, without its members.
func (s *style) cause() Cause {
	var name, what, evidence, fixes []string
	var seen []string
	if s.oneKind != "" {
		name = append(name, fmt.Sprintf("one kind %q", s.oneKind))
		what = append(what, fmt.Sprintf("as %q", s.oneKind))
		evidence = append(evidence, fmt.Sprintf("kind %q on all %d errors, where the reference gives %d kinds", s.oneKind, s.errors, s.kinds))
		seen = append(seen, "one-error-kind")
	}
	switch {
	case s.noOffsets:
		name = append(name, "no offsets")
		what = append(what, "with no offset")
		evidence = append(evidence, "no bit or char offset on any")
		seen = append(seen, "no-positions")
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
	fixes = slices.Compact(fixes)
	if s.otherFields {
		name = append(name, "other field paths")
		what = append(what, "with other field paths")
		evidence = append(evidence, "every field given differs from the reference's")
		fixes = append(fixes, "name fields by their paths in spec/qf.md's layout table, such as state.walls.white.h.count")
	}
	c := Cause{Kind: Reporting, Name: strings.Join(name, ", "), Title: "every error reported " + strings.Join(what, ", "),
		Evidence: strings.Join(evidence, "; "), Refs: []string{"Errors"}}
	for _, name := range seen {
		f, _ := faults.Named(name)
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
