package ref

import "fmt"

// A Profile is a way of decoding a code: Strict, the conformance profile
// of spec/qf.md section "Strict decoding", which every conforming decoder
// implements, or Lenient, section "Lenient decoding", for text pasted
// into an input box. The zero Profile is Strict, as a request of the
// conformance protocol without a profile asks for strict decoding.
//
// A Profile is written by its name, "strict" or "lenient", in the
// protocol, the vector files and the reports.
type Profile uint8

// The profiles.
const (
	Strict Profile = iota
	Lenient
)

// Profiles lists the profiles, Strict first.
var Profiles = []Profile{Strict, Lenient}

var profileNames = [...]string{Strict: "strict", Lenient: "lenient"}

// String returns the profile's name, "strict" or "lenient".
func (p Profile) String() string {
	if int(p) < len(profileNames) {
		return profileNames[p]
	}
	return fmt.Sprintf("Profile(%d)", uint8(p))
}

// ParseProfile returns the profile named name, "strict" or "lenient".
func ParseProfile(name string) (Profile, error) {
	for p, n := range profileNames {
		if n == name {
			return Profile(p), nil
		}
	}
	return 0, fmt.Errorf("ref: no profile %q (want strict or lenient)", name)
}

// MarshalText returns the profile's name.
func (p Profile) MarshalText() ([]byte, error) {
	if int(p) >= len(profileNames) {
		return nil, fmt.Errorf("ref: no profile %d", uint8(p))
	}
	return []byte(profileNames[p]), nil
}

// UnmarshalText sets p to the profile named by text.
func (p *Profile) UnmarshalText(text []byte) error {
	q, err := ParseProfile(string(text))
	if err != nil {
		return err
	}
	*p = q
	return nil
}

// Reads reports whether the profile reads byte b as a character of a
// code: every byte in the Strict profile (one outside the alphabet is an
// error), only the alphabet's in the Lenient profile (the others are
// deleted).
func (p Profile) Reads(b byte) bool { return p == Strict || sextets[b] != invalid }

// Decode decodes code in the profile. Strict.Decode is Decode; in the
// Lenient profile, bytes outside the Base64 alphabet are deleted (not
// read as zeros), and characters after the last field and the padding
// bits are ignored; truncated codes and out-of-range values are still
// errors, their bit offsets counting the bits of the characters kept.
func (p Profile) Decode(code string) (*Value, error) {
	v, _, err := decode(nil, code, p == Lenient, false)
	return v, err
}

// DecodeInto decodes code in the profile, as Decode does, into v, reusing
// the memory v holds, as json.Unmarshal reuses a pointer's value and a
// slice's array: its State and Record when the code has them, and the
// arrays of its lists of anchors and of moves when they have room. Into a
// zero Value it decodes what Decode returns; into a Value that held
// another, the same but that a group of walls with no anchors may be an
// empty list rather than nil, which Encode, AppendJSON and package rules
// take alike. Decoding a valid code into a v that has the State and the
// Record the code has, with room in its lists for the code's anchors and
// moves, allocates nothing; an error allocates.
//
// A code with no state sets v.State to nil, and one with no record
// v.Record: to keep a State and a Record for every code, point v at them
// before each call. Whatever v shared with other values, such as a State
// or a list, is overwritten. On failure v is the zero Value, and the
// error is Decode's.
func (p Profile) DecodeInto(v *Value, code string) error {
	if _, _, err := decode(v, code, p == Lenient, false); err != nil {
		*v = Value{}
		return err
	}
	return nil
}

// Trace decodes code in the profile, as Decode does, and returns the
// fields it read, in order: on success those of the code, on failure those
// read before the fault, and the field out of range itself for an
// out_of_range error. Offsets are bits of the code; in the Lenient
// profile, of its characters in the alphabet, the others skipped. A code
// with a character outside the alphabet, in the Strict profile, has no
// fields: characters are checked first.
func (p Profile) Trace(code string) ([]FieldValue, *Value, error) {
	v, reads, err := decode(nil, code, p == Lenient, true)
	fields := make([]FieldValue, 0, len(reads))
	for i := range reads {
		if r := &reads[i]; r.left >= r.field.Width {
			fields = append(fields, r.fieldValue())
		}
	}
	return fields, v, err
}
