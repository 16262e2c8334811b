package protocol

import "slices"

// A quick reading of the common request line, such as
// {"id":7,"op":"decode","code":"j7oklAHMe1ICg","profile":"strict"},
// without package jsontext's decoder: qf serve reads a request a case,
// and qf fuzz's client checks each value it sends. The quick reader
// reads only what it is sure of, JSON without whitespace and a request's
// member names without escapes, and leaves everything else to the full
// reading, which says what is wrong: it never accepts what the full
// reading refuses, and reads alike what both read (quick_test.go).

// maxQuickDepth is the deepest nesting of lists and objects that
// quickValue reads; deeper text is left to package jsontext.
const maxQuickDepth = 64

// quickValue returns the length of the JSON value at the start of b, and
// true, when the value is JSON without whitespace that jsontext reads
// both with and without AllowInvalidUTF8 (no escape of a surrogate), and
// AllowDuplicateNames: names may repeat. It returns false for anything
// else, JSON or not, which the caller reads with package jsontext. It
// reads the bytes of strings as they are: the caller has checked that the
// text is UTF-8.
func quickValue(b []byte, depth int) (int, bool) {
	if len(b) == 0 || depth > maxQuickDepth {
		return 0, false
	}
	switch c := b[0]; {
	case c == '"':
		return quickString(b)
	case c == '{':
		i := 1
		if i < len(b) && b[i] == '}' {
			return i + 1, true
		}
		for {
			if i >= len(b) || b[i] != '"' {
				return 0, false
			}
			n, ok := quickString(b[i:])
			if !ok {
				return 0, false
			}
			i += n
			if i >= len(b) || b[i] != ':' {
				return 0, false
			}
			i++
			if n, ok = quickValue(b[i:], depth+1); !ok {
				return 0, false
			}
			i += n
			switch {
			case i < len(b) && b[i] == ',':
				i++
			case i < len(b) && b[i] == '}':
				return i + 1, true
			default:
				return 0, false
			}
		}
	case c == '[':
		i := 1
		if i < len(b) && b[i] == ']' {
			return i + 1, true
		}
		for {
			n, ok := quickValue(b[i:], depth+1)
			if !ok {
				return 0, false
			}
			i += n
			switch {
			case i < len(b) && b[i] == ',':
				i++
			case i < len(b) && b[i] == ']':
				return i + 1, true
			default:
				return 0, false
			}
		}
	case c == '-' || '0' <= c && c <= '9':
		return quickNumber(b)
	}
	for _, lit := range [...]string{"true", "false", "null"} {
		if len(b) >= len(lit) && string(b[:len(lit)]) == lit {
			return len(lit), true
		}
	}
	return 0, false
}

// quickString returns the length of the JSON string at the start of b,
// which starts with '"', and true; false for a string with a control
// character, a bad escape or an escape of a surrogate, or no end.
func quickString(b []byte) (int, bool) {
	for i := 1; i < len(b); i++ {
		switch c := b[i]; {
		case c == '"':
			return i + 1, true
		case c < ' ':
			return 0, false
		case c == '\\':
			if i+1 >= len(b) {
				return 0, false
			}
			switch b[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+5 >= len(b) {
					return 0, false
				}
				r := hexRune(b[i+2 : i+6])
				if r < 0 || 0xd800 <= r && r < 0xe000 {
					return 0, false
				}
				i += 5
			default:
				return 0, false
			}
		}
	}
	return 0, false
}

// quickNumber returns the length of the JSON number at the start of b,
// and whether it is one: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?,
// followed by the end of b or a byte that cannot continue a number.
func quickNumber(b []byte) (int, bool) {
	i := 0
	digits := func() bool {
		start := i
		for i < len(b) && '0' <= b[i] && b[i] <= '9' {
			i++
		}
		return i > start
	}
	if b[i] == '-' {
		i++
	}
	switch {
	case i < len(b) && b[i] == '0':
		i++
	case !digits():
		return 0, false
	}
	if i < len(b) && b[i] == '.' {
		i++
		if !digits() {
			return 0, false
		}
	}
	if i < len(b) && (b[i] == 'e' || b[i] == 'E') {
		i++
		if i < len(b) && (b[i] == '+' || b[i] == '-') {
			i++
		}
		if !digits() {
			return 0, false
		}
	}
	if i < len(b) && b[i] != ',' && b[i] != ']' && b[i] != '}' {
		return 0, false
	}
	return i, true
}

// quickRequest reads line as ParseRequest does, and reports whether it
// could: a line that is a request, a JSON object without whitespace of
// distinct member names without escapes, with a string "op", and values
// that quickValue reads. Its caller has checked that line is UTF-8.
func quickRequest(line []byte) (*Request, bool) {
	if len(line) < 2 || line[0] != '{' || line[len(line)-1] != '}' {
		return nil, false
	}
	req := new(Request)
	var names [8]string
	seen := names[:0]
	op := -1 // the index in line of the op's value
	for i := 1; i < len(line); {
		if line[i] != '"' {
			return nil, false
		}
		n, ok := quickString(line[i:])
		if !ok || n+1 >= len(line)-i || line[i+n] != ':' {
			return nil, false
		}
		key, ok := plainString(line[i : i+n])
		if !ok || slices.Contains(seen, key) {
			return nil, false
		}
		seen = append(seen, key)
		i += n + 1
		if n, ok = quickValue(line[i:], 1); !ok {
			return nil, false
		}
		raw := line[i : i+n : i+n]
		switch key {
		case "id":
			req.ID = wellFormed(raw)
		case "value":
			req.Value = raw
		case "op", "code", "profile":
			if raw[0] != '"' {
				req.mistyped = append(req.mistyped, key)
				break
			}
			switch key {
			case "op":
				req.Op, op = Op(name(raw, opNames)), i
			case "code":
				req.code = unquote(raw)
				req.Code = &req.code
			default:
				req.Profile, req.profileGiven = name(raw, profileNames), true
			}
		}
		i += n
		if i >= len(line) {
			return nil, false
		}
		if line[i] == '}' {
			if i != len(line)-1 {
				return nil, false
			}
			break
		}
		if line[i] != ',' {
			return nil, false
		}
		i++
	}
	if op < 0 || slices.Contains(req.mistyped, "op") {
		return nil, false // the full reading says what is wrong
	}
	return req, true
}

// The names an op and a profile most often have, which name returns
// without allocating.
var (
	opNames      = []string{string(Hello), string(Decode), string(Encode), string(Replay), string(Validate)}
	profileNames = []string{"strict", "lenient"}
)

// name returns the string that the JSON string quoted spells: one of
// names when it is one.
func name(quoted []byte, names []string) string {
	for _, n := range names {
		if len(quoted) == len(n)+2 && string(quoted[1:len(quoted)-1]) == n {
			return n
		}
	}
	return unquote(quoted)
}
