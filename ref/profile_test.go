package ref_test

import (
	"encoding/json"
	"testing"

	"github.com/qf-format/qf-conformance/ref"
)

// A profile has one spelling: its name, read back by ParseProfile and
// JSON alike; the zero Profile is Strict.
func TestProfileNames(t *testing.T) {
	var zero ref.Profile
	if zero != ref.Strict {
		t.Error("the zero Profile is not Strict")
	}
	for _, p := range ref.Profiles {
		q, err := ref.ParseProfile(p.String())
		if err != nil || q != p {
			t.Errorf("ParseProfile(%q) = %v, %v", p, q, err)
		}
		b, err := json.Marshal(p)
		var back ref.Profile
		if err != nil || json.Unmarshal(b, &back) != nil || back != p {
			t.Errorf("%v as JSON: %s, %v, back %v", p, b, err, back)
		}
	}
	for _, bad := range []string{"", "Strict", "loose"} {
		if _, err := ref.ParseProfile(bad); err == nil {
			t.Errorf("ParseProfile(%q) accepted", bad)
		}
	}
	if _, err := json.Marshal(ref.Profile(7)); err == nil || ref.Profile(7).String() != "Profile(7)" {
		t.Errorf("an unknown profile marshals: %v", err)
	}
}

// Strict reads every byte, Lenient only the alphabet's; their Decode and
// Trace agree with Decode and with each other.
func TestProfileReads(t *testing.T) {
	for _, c := range []struct {
		b               byte
		strict, lenient bool
	}{{'A', true, true}, {'/', true, true}, {'=', true, false}, {' ', true, false}, {0xff, true, false}} {
		if ref.Strict.Reads(c.b) != c.strict || ref.Lenient.Reads(c.b) != c.lenient {
			t.Errorf("byte %q: strict %v, lenient %v", c.b, ref.Strict.Reads(c.b), ref.Lenient.Reads(c.b))
		}
	}
	if _, err := ref.Strict.Decode("j7ok lAHMe1ICg"); err == nil {
		t.Error("strict decoding accepted a space")
	}
	fields, v, err := ref.Lenient.Trace("j7ok lAHMe1ICg==")
	if err != nil || v.State == nil || len(fields) != 16 || fields[len(fields)-1].Path != "state.turn" {
		t.Errorf("lenient trace: %d fields, %v", len(fields), err)
	}
}
