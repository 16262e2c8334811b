package diagnosis

import (
	"bytes"
	"fmt"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/qf-format/qf-conformance/internal/term"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/rules"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/suite"
)

// Traits: what failures share. A trait is something a test's input has,
// told from the test alone (the chunks its code holds, what the spec
// requires of it, a wall group of 10 walls, a key inside an object that
// no value has), or something a failure has, told from where its answer
// first parts from the spec's (first differing at state.turn). A trait
// is words that finish "N codes ...". What a group of failures shares is
// the trait most of them have, of the input's traits one that few other
// tests have: an observation, counted, that a reader can ask again.

// A trait is something an input, or a failure, has.
type trait struct {
	words string // what follows "N codes ": "with a wall group of 10 walls"
	input bool   // told from the input alone, so that passing tests may have it too
}

// indexes matches the indexes of a path, which traits leave out.
var indexes = regexp.MustCompile(`\[\d+\]`)

// inputTraits returns the traits of a test's input.
func inputTraits(o *suite.Result) []trait {
	var words []string
	add := func(format string, args ...any) { words = append(words, fmt.Sprintf(format, args...)) }
	for _, f := range o.Facets {
		switch f {
		case suite.ChunksNeither:
			add("with neither chunk")
		case suite.ChunksStateOnly:
			add("with a State alone")
			add("with a State")
		case suite.ChunksRecordOnly:
			add("with a Record alone")
			add("with a Record")
		case suite.ChunksStateAndRecord:
			add("with a State and a Record")
			add("with a State")
			add("with a Record")
		}
	}
	if e := o.Test.Error; e == nil {
		add("that the spec accepts")
	} else {
		kind := (&spec.ErrorObject{Kind: e.Kind}).String()
		add("that the spec refuses")
		add("that the spec refuses as %s", kind)
		if f := suite.FieldName(e.Field); f != "" {
			add("that the spec refuses as %s at %s", kind, f)
			chunk, _, _ := strings.Cut(f, ".")
			add("that the spec refuses as %s in %s", kind, map[string]string{"state": "the State", "record": "the Record", "flags": "the flags"}[chunk])
		}
		if f, ok := spec.FieldOf(e.Field); ok && f.Max == spec.MaxSquare {
			add("that the spec refuses as %s at a square", kind)
		}
	}
	if v := o.Test.Violation; v != nil {
		words = append(words, findsRule(v.Kind).words)
	}
	if vs := o.Test.Violations; vs != nil {
		for _, k := range *vs {
			words = append(words, findsRule(rules.Rule(k)).words)
		}
	}
	input := o.Category.Input(o.Test)
	for i := 0; i < len(input); i++ {
		if input[i] >= 0x80 {
			add("with bytes that are not ASCII")
			break
		}
	}
	for _, size := range []int{4 << 10, 16 << 10, 64 << 10} {
		if len(input) > size {
			add("of more than %d KiB", size>>10)
		}
	}
	if o.Category.Reads() == suite.Value {
		words = append(words, jsonTraits([]byte(input))...)
		var v ref.Value
		if v.UnmarshalJSON([]byte(input)) == nil {
			if code, err := ref.Encode(&v); err == nil { // a value in range: the rules apply to it
				words = append(words, valueTraits(&v)...)
				words = append(words, paddingTraits(code, bitsOf(code), "whose code's")...)
			}
		}
	} else {
		words = append(words, codeTraits(input, o.Category.Profile())...)
	}
	for _, flag := range o.Test.Flags {
		if flag != suite.FuzzFlag {
			add("flagged %s", flag)
		}
	}
	slices.Sort(words)
	words = slices.Compact(words)
	out := make([]trait, len(words))
	for i, w := range words {
		out[i] = trait{w, true}
	}
	return out
}

// findsRule returns the trait of the inputs in which the spec finds a
// violation of rule r (the first, for a replay).
func findsRule(r rules.Rule) trait {
	return trait{"in which the spec finds " + string(r), true}
}

// codeTraits returns the traits of a code, read in profile p: the bytes
// outside the alphabet it holds, whether its bits fill its last
// character, and, when it decodes, its value's.
func codeTraits(code string, p ref.Profile) []string {
	var out []string
	junk, equals, nonASCII := false, false, false
	for i := 0; i < len(code); i++ {
		switch c := code[i]; {
		case c == '=':
			equals = true
		case c >= 0x80:
			nonASCII = true
		case !spec.InAlphabet(code[i : i+1]):
			junk = true
		}
	}
	if equals {
		out = append(out, "with '='")
	}
	if nonASCII {
		out = append(out, "with bytes that are not ASCII")
	}
	if junk || equals || nonASCII {
		out = append(out, "with bytes outside the alphabet")
	}
	if alphabet := strings.Map(inAlphabet, code); alphabet != "" {
		if v, err := ref.Lenient.Decode(code); err == nil {
			if canonical, err := ref.Encode(v); err == nil && len(canonical) <= len(alphabet) {
				last := len(canonical) - 1
				if alphabet[last] != canonical[last] {
					out = append(out, "whose padding bits hold a 1")
				}
			}
		}
	}
	if !junk && !equals && !nonASCII {
		out = append(out, asGivenTraits(code)...)
	}
	v, err := p.Decode(code)
	if err != nil {
		return out
	}
	if canonical, err := ref.Encode(v); err == nil && (junk || equals || nonASCII) {
		out = append(out, paddingTraits(canonical, bitsOf(canonical), "whose")...)
		if alphabet := strings.Map(inAlphabet, code); len(alphabet) > len(canonical) {
			out = append(out, "with characters after its last field's")
		}
	}
	return append(out, valueTraits(v)...)
}

// asGivenTraits returns the traits of where a code of the alphabet alone
// ends, whichever profile reads it: whether its fields' bits (as the
// lenient decoder reads them) fill its last character, and whether that
// character, as given, holds a 1; or whether characters follow the last
// field's. A code the strict decoder refuses (nonzero padding bits,
// trailing data) has them as one it decodes does: a decoder that misreads
// the last character misreads both.
func asGivenTraits(code string) []string {
	v, err := ref.Lenient.Decode(code)
	if err != nil {
		return nil
	}
	canonical, err := ref.Encode(v)
	switch {
	case err != nil || len(code) < len(canonical):
		return nil
	case len(code) > len(canonical):
		return []string{"with characters after its last field's"}
	}
	return paddingTraits(code, bitsOf(canonical), "whose")
}

// inAlphabet maps a rune outside the alphabet to -1, for strings.Map.
func inAlphabet(r rune) rune {
	if r < 0x80 && spec.InAlphabet(string(r)) {
		return r
	}
	return -1
}

// bitsOf returns how many bits the fields of canonical, a code as the
// encoder writes it, take.
func bitsOf(canonical string) int {
	if fields, _, err := ref.Fields(canonical); err == nil && len(fields) > 0 {
		last := fields[len(fields)-1]
		return last.Offset + last.Width
	}
	return 0
}

// paddingTraits says whether bits, the bits of the fields of code, fill
// its last character, or leave padding bits in it, and then whether that
// character holds a 1 (before them, in a code as the encoder writes it;
// in them too, in one given with padding bits that are not zeros); whose
// starts the words ("whose", or for a value "whose code's").
func paddingTraits(code string, bits int, whose string) []string {
	if bits%6 == 0 || code == "" {
		return []string{whose + " bits fill the last character"}
	}
	out := []string{whose + " last character holds padding bits"}
	if strings.IndexByte(spec.Alphabet, code[len(code)-1]) != 0 {
		out = append(out, whose+" last character holds padding bits and a 1")
	}
	return out
}

// valueTraits returns the traits of a value, a code's or one to encode.
func valueTraits(v *ref.Value) []string {
	var out []string
	add := func(s string) { out = append(out, s) }
	if s := v.State; s != nil {
		groups := [][]int{s.Walls.White.H, s.Walls.White.V, s.Walls.Black.H, s.Walls.Black.V}
		for _, g := range groups {
			switch {
			case len(g) == spec.MaxWallsPerGroup:
				add("with a wall group of 10 walls")
			case len(g) > spec.MaxWallsPerGroup:
				add("with a wall group of more than 10 walls")
			}
			if !slices.IsSorted(g) {
				add("with a wall group out of ascending order")
			}
			if len(slices.Compact(slices.Sorted(slices.Values(g)))) < len(g) {
				add("with a wall twice in a group")
			}
		}
		if s.Walls.Count() == 0 {
			add("with no walls")
		}
		if s.LastMove.Kind == ref.Wall {
			add("whose last move is a wall")
		}
	}
	if r := v.Record; r != nil {
		switch len(r.Moves) {
		case 0:
			add("with an empty record")
		default:
			if slices.ContainsFunc(r.Moves, func(m ref.Move) bool { return m.Kind == ref.Wall }) {
				add("with a wall move in the record")
			}
			if violation := rules.Check(v); violation != nil {
				add("whose record breaks " + string(violation.Kind) + " first")
				add("whose record breaks a rule")
			} else {
				add("whose record is legal")
			}
		}
	}
	return out
}

var pointerIndex = regexp.MustCompile(`/\d+(/|$)`)

// jsonTraits returns the traits of a value's JSON text as written: its
// unknown and repeated keys, keys that are not ASCII, members that their
// object's kind does not have, and numbers written with a fraction or an
// exponent.
func jsonTraits(text []byte) []string {
	var out []string
	add := func(s string) {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	dec := jsontext.NewDecoder(bytes.NewReader(text), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	var keys []map[string]bool // the keys of each open object
	for {
		tok, err := dec.ReadToken()
		if err != nil {
			return out
		}
		switch tok.Kind() {
		case '{':
			keys = append(keys, map[string]bool{})
		case '}':
			keys = keys[:len(keys)-1]
		case '"':
			if kind, n := dec.StackIndex(dec.StackDepth()); kind != '{' || n%2 == 0 {
				continue // a string value
			}
			name := tok.String()
			if keys[len(keys)-1][name] {
				add("with a repeated key")
			}
			keys[len(keys)-1][name] = true
			parent := string(dec.StackPointer())
			parent = pointerIndex.ReplaceAllString(parent[:strings.LastIndexByte(parent, '/')], "/#$1")
			if names, ok := spec.Members[parent]; ok && !slices.Contains(names, name) {
				if parent == "" {
					add("with an unknown key at the top")
				} else {
					add("with an unknown key inside an object")
				}
			}
			for i := 0; i < len(name); i++ {
				if name[i] >= 0x80 {
					add("with a key that is not ASCII")
					break
				}
			}
		case '0':
			if n := tok.String(); strings.ContainsAny(n, ".eE") {
				add("with a number written with a fraction or an exponent")
			}
		}
	}
}

// A share is what some failures share: a trait, how many of them have it
// (of how many), and how many tests have it.
type share struct {
	trait      trait
	noun       string // what the inputs are: "codes", "values", "inputs"
	n, of, had int
	// tells is set when the trait tells the failures from the tests that
	// pass: every failure has it, and TraitShare of the tests that have it
	// fail.
	tells bool
}

// String says it: "45 codes with a Record: every such test", "among them,
// 30 codes with a Record, of 300 such tests", "12 codes first differing at
// state.turn".
func (s share) String() string {
	lead := fmt.Sprintf("%d %s %s", s.n, term.Plural(s.n, strings.TrimSuffix(s.noun, "s"), s.noun), s.trait.words)
	if s.n < s.of {
		lead = "among them, " + lead
	}
	switch {
	case !s.trait.input:
		return lead
	case s.had == s.n:
		return lead + ": every such test"
	}
	return fmt.Sprintf("%s, of %d such %s", lead, s.had, term.Plural(s.had, "test"))
}

// shared returns what the failures members share, among the tests run of
// their categories: the input's trait that the most of them have, and of
// those the one the fewest other tests have; false when no trait is had
// by SayShared of them.
func (d *diagnosis) shared(members []int) (share, bool) {
	cats := map[suite.Category]bool{}
	count := map[trait]int{}
	for _, i := range members {
		cats[d.obs[i].Category] = true
		for _, t := range d.inputTraits(i) {
			count[t]++
		}
	}
	had := d.had(cats)
	var all []trait
	for t := range count {
		all = append(all, t)
	}
	sort.Slice(all, func(a, b int) bool {
		x, y := all[a], all[b]
		switch {
		case count[x] != count[y]:
			return count[x] > count[y]
		case had[x] != had[y]:
			return had[x] < had[y]
		}
		return x.words < y.words
	})
	if len(all) == 0 || float64(count[all[0]]) < d.th.SayShared*float64(len(members)) {
		return share{}, false
	}
	best := all[0]
	nouns := map[string]bool{}
	for _, i := range members {
		nouns[noun(d.obs[i].Category)] = true
	}
	n := "inputs"
	for k := range nouns {
		if len(nouns) == 1 {
			n = k
		}
	}
	sh := share{trait: best, noun: n, n: count[best], of: len(members), had: had[best]}
	sh.tells = sh.n == sh.of && sh.n >= d.th.MinShared && float64(sh.n) >= d.th.TraitShare*float64(sh.had)
	return sh, true
}

// inputTraits returns the traits of test i's input, found once.
func (d *diagnosis) inputTraits(i int) []trait {
	if d.traits == nil {
		d.traits = make([][]trait, len(d.obs))
	}
	if d.traits[i] == nil {
		d.traits[i] = append(inputTraits(d.obs[i]), trait{}) // never nil
	}
	return d.traits[i][:len(d.traits[i])-1]
}

// had returns how many tests run of the categories cats have each trait
// of their inputs.
func (d *diagnosis) had(cats map[suite.Category]bool) map[trait]int {
	had := map[trait]int{}
	for i, o := range d.obs {
		if cats[o.Category] && o.Status.Ran() {
			for _, t := range d.inputTraits(i) {
				had[t]++
			}
		}
	}
	return had
}
