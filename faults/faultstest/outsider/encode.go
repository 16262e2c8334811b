package outsider

import "github.com/qf-format/qf-conformance/spec"

// An encoder writes the canonical code of a value given as JSON text
// (spec/qf.md, "Encoding"): one value.
type encoder struct {
	faults faultSet
	shaper shaper
}

// encode returns the code of the JSON value text, or its error:
// malformed before out_of_range, the first in layout order.
func (e *encoder) encode(text []byte) (string, *spec.ErrorObject) {
	root, ok := parseJSON(text)
	if !ok {
		return "", inValue(kindMalformed, "", "the value is not JSON in UTF-8")
	}
	e.shaper.faults = e.faults
	v, err := e.shaper.value(root)
	if err != nil {
		return "", err
	}
	if !e.faults[MaskAndSpill] && !e.faults[MaskedToWidth] {
		check := newFieldIO(e.faults, checking)
		if check.walk(v); check.err != nil {
			return "", check.err
		}
	}
	v.model(e.faults)
	w := newFieldIO(e.faults, writing)
	w.walk(v)
	return w.code(), nil
}
