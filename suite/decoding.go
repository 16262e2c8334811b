package suite

import (
	"encoding/hex"
	"encoding/json"
	"strings"
	"unicode/utf8"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/spec"
	"github.com/qf-format/qf-conformance/vectors"
)

// decoding is the op of decoding a code in a profile (spec/qf.md,
// "Decoding" and "Lenient decoding"): a test gives a code, or bytes that
// are not UTF-8 (code_hex), and expects the value with its canonical
// code, or an error graded at L1 (accepted or rejected), L2 (its kind)
// and L3 (its offset and field).
type decoding struct{}

// expect makes the reference's answer to input, as it is, the test's:
// the value with its canonical code (AddFields adds the field
// breakdown), or the error.
func (decoding) expect(c *category, input string, resp *protocol.Response) (vectors.Test, error) {
	var t vectors.Test
	if utf8.ValidString(input) {
		t.Code = &input
	} else {
		t.CodeHex = hex.EncodeToString([]byte(input))
	}
	if resp.Error != nil {
		t.Result, t.Error = vectors.Invalid, withoutMessage(resp.Error)
		return t, nil
	}
	t.Result, t.Value = vectors.Valid, resp.Value
	// The value the reference answered, decoded again: quicker than
	// reading its JSON.
	if v, err := c.profile.Decode(input); err == nil {
		t.Canonical, _ = ref.Encode(v) // a decoded value always encodes
	}
	return t, nil
}

func (decoding) grade(t *vectors.Test, resp *protocol.Response) (Level, Way) {
	if t.Result == vectors.Valid {
		switch {
		case resp.Error != nil:
			return None, RejectedValid
		case !sameJSON(resp.Value, t.Value):
			return None, OtherValue
		}
		return L3, ""
	}
	switch {
	case resp.Error == nil:
		return None, AcceptedInvalid
	case resp.Error.Kind != t.Error.Kind:
		return L1, kindWay(resp.Error, t.Error, false)
	}
	if way := offsetWay(resp.Error, t.Error); way != "" {
		return L2, way
	}
	if resp.Error.Field != "" && resp.Error.Field != t.Error.Field {
		return L2, OtherField
	}
	return L3, ""
}

func (decoding) want(t *vectors.Test) json.RawMessage {
	if t.Error != nil {
		return mustJSON(t.Error)
	}
	return t.Value
}

func (decoding) code(t *vectors.Test) string { return t.Canonical }

func (decoding) facets(c *category, t *vectors.Test) []Facet {
	input, _ := t.Input()
	if f, ok := chunksOf(input, c.profile); ok {
		return []Facet{f}
	}
	return nil
}

// flags names the corners of a decoded case: the error's flag, or
// whether the input held bytes deleted, trailing data or padding, and
// the corners of its value.
func (decoding) flags(input string, t *vectors.Test) []string {
	flags := []string{FuzzFlag}
	if t.Error != nil {
		return tidy(append(flags, vectors.ErrorFlag(input, t.Error)))
	}
	clean := strings.Map(func(r rune) rune {
		if strings.ContainsRune(spec.Alphabet, r) {
			return r
		}
		return -1
	}, input)
	if clean != input || !utf8.ValidString(input) {
		flags = append(flags, "DeletionNotHoles")
	}
	if len(clean) > len(t.Canonical) {
		flags = append(flags, "TrailingData")
	} else if clean != t.Canonical {
		flags = append(flags, "NonzeroPadding")
	}
	if v, err := ref.Decode(t.Canonical); err == nil {
		flags = append(flags, vectors.ValueFlags(v)...)
	}
	return tidy(flags)
}
