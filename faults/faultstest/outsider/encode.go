package outsider

import "github.com/qf-format/qf-conformance/spec"

// encode returns the canonical code of the value given as JSON text
// (spec/qf.md, "Encoding"), or its error: malformed before out_of_range,
// the first in layout order.
func encode(text []byte, faults faultSet) (string, *spec.ErrorObject) {
	root, ok := parseJSON(text)
	if !ok {
		return "", malformed("", "the value is not JSON in UTF-8")
	}
	v, err := (&shaper{faults: faults}).value(root)
	if err != nil {
		return "", err
	}
	if !faults[MaskAndSpill] && !faults[MaskedToWidth] {
		check := newFieldIO(faults, checking)
		if check.walk(v); check.err != nil {
			return "", check.err
		}
	}
	v.model(faults)
	w := newFieldIO(faults, writing)
	w.walk(v)
	return w.code(), nil
}
