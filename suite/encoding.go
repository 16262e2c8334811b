package suite

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/qf-format/qf-conformance/protocol"
	"github.com/qf-format/qf-conformance/ref"
	"github.com/qf-format/qf-conformance/vectors"
)

// encoding is the op of encoding a value (spec/qf.md, "Encoding"): a test
// gives any JSON text and expects the code, or the error of a value that
// has none (malformed, out of range), graded at one level, E.
type encoding struct{}

// expect makes the reference's answer to input, any JSON text, the
// test's: the code, or the error; the text is kept compacted.
func (encoding) expect(_ *category, input string, resp *protocol.Response) (vectors.Test, error) {
	t := vectors.Test{Result: vectors.Valid, Code: resp.Code}
	if resp.Error != nil {
		t.Result, t.Error = vectors.Invalid, withoutMessage(resp.Error)
	}
	// A text the reference reads as anything but malformed is JSON, and
	// with no space in it at all, it is compact already: the generator's
	// texts are, and compacting is most of the time of this method.
	if (resp.Error == nil || resp.Error.Kind != string(ref.ErrMalformed)) && !strings.ContainsAny(input, " \t\r\n") {
		t.Value = json.RawMessage(input)
		return t, nil
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(input)); err != nil {
		return vectors.Test{}, fmt.Errorf("the value is not JSON: %v", err)
	}
	t.Value = compact.Bytes()
	return t, nil
}

func (encoding) grade(t *vectors.Test, resp *protocol.Response) (Level, Way) {
	if t.Result == vectors.Valid {
		switch {
		case resp.Error != nil:
			return None, RefusedValid
		case resp.Code == nil || *resp.Code != *t.Code:
			return None, OtherCode
		}
		return E, ""
	}
	switch {
	case resp.Error == nil:
		return None, EncodedInvalid
	case resp.Error.Kind != t.Error.Kind:
		return None, kindWay(resp.Error, t.Error, true)
	case resp.Error.Field != "" && resp.Error.Field != t.Error.Field:
		if way := orderWay(resp.Error, t.Error, true); way != "" {
			return None, way // refused at a field before or after the spec's
		}
		return None, OtherField
	}
	return E, ""
}

func (encoding) want(t *vectors.Test) json.RawMessage {
	if t.Error != nil {
		return mustJSON(t.Error)
	}
	return mustJSON(*t.Code)
}

func (encoding) code(t *vectors.Test) string {
	if t.Code == nil {
		return ""
	}
	return *t.Code
}

// facets tells the chunks of a value from its top-level members only: a
// value may hold a million anchors.
func (encoding) facets(_ *category, t *vectors.Test) []Facet {
	dec := jsontext.NewDecoder(bytes.NewReader(t.ValueInput()), jsontext.AllowDuplicateNames(true), jsontext.AllowInvalidUTF8(true))
	if tok, err := dec.ReadToken(); err != nil || tok.Kind() != '{' {
		return nil
	}
	var state, record jsontext.Kind // 0 when absent
	for dec.PeekKind() == '"' {
		name, err := dec.ReadToken()
		if err != nil {
			return nil
		}
		key := name.String()
		kind := dec.PeekKind()
		if dec.SkipValue() != nil {
			return nil
		}
		switch key {
		case "state":
			state = kind
		case "record":
			record = kind
		}
	}
	if state == 0 || record == 0 {
		return nil
	}
	return []Facet{chunks(state != 'n', record != 'n')}
}

func (encoding) flags(input string, t *vectors.Test) []string {
	flags := []string{FuzzFlag}
	switch {
	case t.Error == nil:
	case t.Error.Kind == string(ref.ErrMalformed):
		flags = append(flags, "Malformed")
	default:
		flags = append(flags, vectors.ErrorFlag("", t.Error))
	}
	return tidy(flags)
}
