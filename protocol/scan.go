package protocol

import (
	"bytes"

	"github.com/qf-format/qf-conformance/spec"
)

// Readers of the common shapes of a response's members, such as
// [[40,44],[31,44]] for squares, without package json's reflection: a
// run of qf fuzz parses a response a case. Each takes a JSON value that
// the line's decoder has read whole, and so knows to be valid JSON with
// distinct member names, and reports whether it has the shape it reads:
// written without spaces or escapes, each member and item of its type.
// For any other text the caller uses package json, whose errors are the
// messages; the readers accept nothing that package json would read
// otherwise (scan_test.go).

// plain reports whether the JSON text v has no whitespace and no escapes.
func plain(v []byte) bool {
	return bytes.IndexAny(v, " \t\r\n\\") < 0
}

// plainString returns the string that v spells when v is a JSON string
// without escapes.
func plainString(v []byte) (string, bool) {
	if len(v) < 2 || v[0] != '"' || v[len(v)-1] != '"' || bytes.IndexByte(v, '\\') >= 0 {
		return "", false
	}
	return string(v[1 : len(v)-1]), true
}

// A scanner reads a plain JSON text from the start.
type scanner struct {
	b  []byte
	ok bool
}

// next reports whether c comes next, and takes it.
func (s *scanner) next(c byte) bool {
	if len(s.b) > 0 && s.b[0] == c {
		s.b = s.b[1:]
		return true
	}
	return false
}

// int reads an integer of at most 9 digits, such as -12.
func (s *scanner) int() int {
	neg := s.next('-')
	n, i := 0, 0
	for ; i < len(s.b) && i < 10 && '0' <= s.b[i] && s.b[i] <= '9'; i++ {
		n = 10*n + int(s.b[i]-'0')
	}
	if i == 0 || i == 10 || i < len(s.b) && (s.b[i] == '.' || s.b[i] == 'e' || s.b[i] == 'E') {
		s.ok = false // none, too long for the quick path, or not written as an integer
	}
	s.b = s.b[i:]
	if neg {
		return -n
	}
	return n
}

// str reads a string without escapes.
func (s *scanner) str() string {
	if !s.next('"') {
		s.ok = false
		return ""
	}
	i := bytes.IndexByte(s.b, '"')
	if i < 0 || bytes.IndexByte(s.b[:i], '\\') >= 0 {
		s.ok = false
		return ""
	}
	str := string(s.b[:i])
	s.b = s.b[i+1:]
	return str
}

// list reads a list, calling item for each item.
func (s *scanner) list(item func()) {
	if !s.next('[') {
		s.ok = false
		return
	}
	if s.next(']') {
		return
	}
	for s.ok {
		item()
		if s.next(']') {
			return
		}
		if !s.next(',') {
			s.ok = false
		}
	}
}

// scanSquares reads a replay's squares: a list of pairs of integers.
func scanSquares(v []byte) ([][2]int, bool) {
	s := scanner{b: v, ok: true}
	squares := [][2]int{}
	s.list(func() {
		var pair [2]int
		n := 0
		s.list(func() {
			if n < 2 {
				pair[n] = s.int()
			} else {
				s.ok = false
			}
			n++
		})
		if n != 2 {
			s.ok = false
		}
		squares = append(squares, pair)
	})
	return squares, s.ok && len(s.b) == 0
}

// scanStrings reads a list of strings without escapes.
func scanStrings(v []byte) ([]string, bool) {
	s := scanner{b: v, ok: true}
	list := []string{}
	s.list(func() { list = append(list, s.str()) })
	return list, s.ok && len(s.b) == 0
}

// scanError reads an error object whose members are spec/protocol.md's,
// each once, of its type: "kind", "field" and "message" strings, "bit"
// and "char" integers.
func scanError(v []byte) (*spec.ErrorObject, bool) {
	s := scanner{b: v, ok: true}
	e := new(spec.ErrorObject)
	if !s.next('{') {
		return nil, false
	}
	var seen uint // a bit for each of errorMembers
	for first := true; s.ok && !s.next('}'); first = false {
		if !first && !s.next(',') {
			return nil, false
		}
		name := s.str()
		if !s.next(':') {
			return nil, false
		}
		k := -1
		for i, m := range errorMembers {
			if name == m {
				k = i
			}
		}
		if k < 0 || seen&(1<<k) != 0 {
			return nil, false // another member, or one twice: package json says what of it
		}
		seen |= 1 << k
		switch name {
		case "kind":
			e.Kind = s.str()
		case "field":
			e.Field = s.str()
		case "message":
			e.Message = s.str()
		case "bit":
			n := s.int()
			e.Bit = &n
		case "char":
			n := s.int()
			e.Char = &n
		}
	}
	return e, s.ok && len(s.b) == 0
}
