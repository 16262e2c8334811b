package protocol

import (
	"bytes"
	"unicode/utf8"
)

// SameAnswer reports whether line is `{"id":`, then id, then answer (from
// AppendAnswer), but for what the protocol does not grade: whitespace
// between tokens, and an error's message: its text, a JSON string
// without \u escapes, or the whole member left out. Such a line is what
// an implementation written apart from the reference writes for the
// reference's answer: with the spaces its JSON library puts after commas
// and colons, and messages in its own words, or none (the protocol's
// message is optional). Any other difference (members in another order, numbers or
// strings written otherwise) reports false, and the line is left to
// ParseResponse.
func SameAnswer(line, id, answer []byte) bool {
	if IsAnswer(line, id, answer) {
		return true
	}
	i := spacedPrefix(line, 0, []byte(`{"id":`))
	i = spacedPrefix(line, i, id)
	m := messageAt(answer)
	if m < 0 {
		return spacedEnd(line, spacedPrefix(line, i, answer))
	}
	// The answer up to its error's message, then the message in words of
	// its own, or none: the protocol grades none, and an implementation
	// need not write one.
	if i = spacedPrefix(line, i, answer[:m-len(messageMember)]); i < 0 {
		return false
	}
	if j := skipSpace(line, i); j < len(line) && line[j] == ',' {
		if i = spacedPrefix(line, j, []byte(messageMember)); i < 0 {
			return false
		}
		if i = jsonString(line, skipSpace(line, i)); i < 0 {
			return false
		}
	}
	return spacedEnd(line, spacedPrefix(line, i, []byte("}}")))
}

// messageMember is what precedes the text of an error's message.
const messageMember = `,"message":`

// messageAt returns where the text of the message begins in answer, the
// error's last member and the error the answer's last: after
// `,"message":`; -1 when it has none. The text is the last JSON string
// of the answer, whose quotes inside are escaped: its opening quote is
// the last quote before its closing one that no backslash escapes.
func messageAt(answer []byte) int {
	if !bytes.HasSuffix(answer, []byte(`"}}`)) {
		return -1
	}
	for q := len(answer) - 4; q >= 0; q-- {
		if answer[q] != '"' {
			continue
		}
		k := q
		for k > 0 && answer[k-1] == '\\' {
			k--
		}
		if (q-k)%2 == 1 {
			continue // an escaped quote, inside the text
		}
		start := q - len(messageMember)
		if start < 0 || string(answer[start:q]) != messageMember || !bytes.Contains(answer[:start], []byte(`,"error":{`)) {
			return -1
		}
		return q
	}
	return -1
}

// spacedPrefix returns the index in line past want, compact JSON text
// from AppendAnswer, where line from at holds want with whitespace
// between its tokens; -1 when it does not, or when at is -1.
func spacedPrefix(line []byte, at int, want []byte) int {
	if at < 0 {
		return -1
	}
	i, inString, escaped := at, false, false
	for j, c := range want {
		if !inString && (j == 0 || !literal(want[j-1]) || !literal(c)) {
			i = skipSpace(line, i)
		}
		if i >= len(line) || line[i] != c {
			return -1
		}
		i++
		switch {
		case escaped:
			escaped = false
		case inString && c == '\\':
			escaped = true
		case c == '"':
			inString = !inString
		}
	}
	return i
}

// literal reports whether c is a byte of a number, true, false or null,
// which whitespace may not split.
func literal(c byte) bool {
	switch c {
	case '{', '}', '[', ']', ',', ':', '"':
		return false
	}
	return true
}

// spacedEnd reports whether only whitespace follows index i of line.
func spacedEnd(line []byte, i int) bool { return i >= 0 && skipSpace(line, i) == len(line) }

func skipSpace(line []byte, i int) int {
	for i < len(line) && (line[i] == ' ' || line[i] == '\t' || line[i] == '\r' || line[i] == '\n') {
		i++
	}
	return i
}

// jsonString returns the index in line past the JSON string that begins
// at i, valid UTF-8 with no control character and no \u escape (which
// ParseResponse judges); -1 when there is none.
func jsonString(line []byte, i int) int {
	if i >= len(line) || line[i] != '"' {
		return -1
	}
	start := i + 1
	for i = start; i < len(line); i++ {
		switch c := line[i]; {
		case c == '"':
			if !utf8.Valid(line[start:i]) {
				return -1
			}
			return i + 1
		case c < 0x20:
			return -1
		case c == '\\':
			i++
			if i >= len(line) || bytes.IndexByte([]byte(`"\/bfnrt`), line[i]) < 0 {
				return -1
			}
		}
	}
	return -1
}
