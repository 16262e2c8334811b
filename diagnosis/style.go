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
	counted     [2]int    // of those, decoding's and encoding's
}

// sameError reports whether two error objects, of encoding when enc is
// set, are the same error, as far as the style lets them be told apart.
func (s *style) sameError(a, b *spec.ErrorObject, enc bool) bool {
	if s.oneKind[boolInt(enc)] == "" && a.Kind != b.Kind {
		return false
	}
	if !s.noOffsets && !s.otherUnit && !a.SameOffset(b) {
		return false
	}
	return s.otherFields || a.Field == "" || b.Field == "" || a.Field == b.Field
}

// any reports whether the style departs from spec/qf.md at all.
func (s *style) any() bool {
	return s.oneKind != [2]string{} || s.noOffsets || s.otherUnit || s.otherFields || s.shift != [2]int{}
}

// An errorPair is an error the reference gives and the implementation's.
type errorPair struct {
	want, got *spec.ErrorObject
	enc       bool
}

// findStyle finds how the implementation reports errors, from the tests
// where the reference and the implementation both answer an error, and
// moves the offsets of its errors as its way of reporting them moves
// them, so that they compare with the reference's.
func (d *diagnosis) findStyle() {
	var pairs []errorPair
	for i, o := range d.obs {
		if o.Test.Error != nil && d.got[i].err != nil && o.Reason != suite.Unsupported {
			pairs = append(pairs, errorPair{o.Test.Error, d.got[i].err, encodes(o.Category)})
		}
	}
	s := &d.style
	s.errors = len(pairs)
	if len(pairs) < d.th.MinErrors {
		return
	}
	s.kindsOf(pairs, d.th.MinErrors)
	s.positionsOf(pairs, d.th.MinErrors)
	if s.shift == [2]int{} {
		return
	}
	for i := range d.got {
		if e := d.got[i].err; e != nil {
			d.got[i].err = shift(e, -s.shift[0], -s.shift[1])
		}
	}
}

// shift returns error e with its bit offset moved by bits, or its char
// offset by chars.
func shift(e *spec.ErrorObject, bits, chars int) *spec.ErrorObject {
	moved := *e
	switch {
	case e.Bit != nil:
		n := *e.Bit + bits
		moved.Bit = &n
	case e.Char != nil:
		n := *e.Char + chars
		moved.Char = &n
	}
	return &moved
}

// byStyle reports whether failure i's answer is the reference's but for
// the way the implementation reports every error.
func (d *diagnosis) byStyle(i int) bool {
	return d.style.any() && d.style.same(d.reference(i), d.got[i])
}

// same reports whether two answers are the same, errors compared as the
// implementation's way of reporting them allows.
func (s *style) same(a, b answer) bool {
	if a.crash || b.crash {
		return a.crash == b.crash
	}
	if !a.told || !b.told {
		return false
	}
	switch {
	case (a.err != nil) != (b.err != nil):
		return false
	case a.err != nil:
		return s.sameError(a.err, b.err, a.enc)
	}
	return a.result == b.result
}

// kindsOf finds a kind given to every error of a direction for which the
// reference gives two kinds or more: one for all, or one each way.
func (s *style) kindsOf(pairs []errorPair, minErrors int) {
	var got, want [2]map[string]bool
	var n [2]int
	for w := range got {
		got[w], want[w] = map[string]bool{}, map[string]bool{}
	}
	for _, p := range pairs {
		w := boolInt(p.enc)
		got[w][p.got.Kind] = true
		want[w][p.want.Kind] = true
		n[w]++
	}
	s.counted = n
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
func (s *style) positionsOf(pairs []errorPair, minErrors int) {
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

// name names the style, from what it is: "one kind \"error\", no
// offsets".
func (s *style) name() string {
	parts, _, _, _ := s.parts()
	return strings.Join(parts, ", ")
}

// parts returns the style's parts: their names, what each does in words,
// what each rests on, and the fixes; each says only what was observed.
func (s *style) parts() (name, what, evidence, fixes []string) {
	ways := [2]string{"decoding", "encoding"}
	switch {
	case s.oneKind[0] != "" && s.oneKind[0] == s.oneKind[1]:
		k := s.oneKind[0]
		name = append(name, fmt.Sprintf("one kind %q", k))
		what = append(what, fmt.Sprintf("as %q, decoding and encoding", k))
		evidence = append(evidence, fmt.Sprintf("kind %q on all %d errors (%d decoding, %d encoding), where the reference gives %d kinds",
			k, s.errors, s.counted[0], s.counted[1], max(s.kinds[0], s.kinds[1])))
	case s.oneKind[0] != "" && s.oneKind[1] != "":
		name = append(name, fmt.Sprintf("one kind %q decoding, %q encoding", s.oneKind[0], s.oneKind[1]))
		what = append(what, fmt.Sprintf("as %q when decoding and %q when encoding", s.oneKind[0], s.oneKind[1]))
		evidence = append(evidence, fmt.Sprintf("kind %q on every decoding error, where the reference gives %d kinds, and %q on every encoding error, where it gives %d",
			s.oneKind[0], s.kinds[0], s.oneKind[1], s.kinds[1]))
	default:
		for w, k := range s.oneKind {
			if k == "" {
				continue
			}
			name = append(name, fmt.Sprintf("one kind %q %s", k, ways[w]))
			what = append(what, fmt.Sprintf("as %q when %s", k, ways[w]))
			evidence = append(evidence, fmt.Sprintf("kind %q on all %d %s errors, where the reference gives %d kinds", k, s.counted[w], ways[w], s.kinds[w]))
		}
	}
	if s.oneKind != [2]string{} {
		fixes = append(fixes, fixOf("one-error-kind"))
	}
	switch {
	case s.noOffsets:
		name = append(name, "no offsets")
		what = append(what, "with no offset")
		evidence = append(evidence, "no bit or char offset on any")
		fixes = append(fixes, fixOf("no-positions"))
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
		what = append(what, fmt.Sprintf("with %s offsets %d %s", word, max(by, -by), dir))
		evidence = append(evidence, fmt.Sprintf("every %s offset %+d from the reference's", word, by))
		fixes = append(fixes, "count offsets from 0: the first bit of the code is bit 0, its first byte char 0")
	}
	if s.otherFields {
		name = append(name, "other field paths")
		what = append(what, "with other field paths")
		evidence = append(evidence, "every field given differs from the reference's")
		fixes = append(fixes, "name fields by their paths in spec/qf.md's layout table, such as state.walls.white.h.count")
	}
	return name, what, evidence, fixes
}

// fixOf returns the fix of the catalogue's fault named name.
func fixOf(name string) string {
	f, _ := faults.Named(name)
	return f.Fix
}

// shapes returns the faults of the catalogue that report errors as the
// style does, as far as what was observed tells: one kind for everything
// only when errors of both ways were seen.
func (s *style) shapes() []*faults.Fault {
	var names []string
	switch {
	case s.oneKind[0] != "" && s.oneKind[0] == s.oneKind[1] && s.counted[0] > 0 && s.counted[1] > 0:
		names = append(names, "one-error-kind")
	case s.oneKind[0] == "invalid_character" && s.oneKind[1] == "malformed":
		names = append(names, "one-error-kind-each-way")
	}
	if s.noOffsets {
		names = append(names, "no-positions")
	}
	var out []*faults.Fault
	for _, n := range names {
		f, _ := faults.Named(n)
		out = append(out, f)
	}
	return out
}

// cause returns the style's cause, without its members.
func (s *style) cause() Cause {
	name, what, evidence, fixes := s.parts()
	c := Cause{Kind: faults.Reporting, Name: strings.Join(name, ", "), Refs: []string{"Errors"},
		Title: "every error reported " + strings.Join(what, ", "), Evidence: strings.Join(evidence, "; "), Fix: strings.Join(slices.Compact(fixes), "; ")}
	for _, f := range s.shapes() {
		c.Variants = append(c.Variants, f.Name)
	}
	return c
}
