package protocol

import "testing"

// SameAnswer takes a line that says what the reference's answer says,
// spaced otherwise or with another message, and nothing else: every line
// it takes parses as the answer, but for the message.
func TestSameAnswer(t *testing.T) {
	const (
		value = `,"value":{"state":{"white":31,"walls":[1,20]},"record":null}}`
		fail  = `,"error":{"kind":"malformed","field":"state","message":"ref: missing"}}`
	)
	for _, c := range []struct {
		line, answer string
		same         bool
	}{
		{`{"id":7` + value, value, true},
		{`{"id": 7, "value": {"state": {"white": 31, "walls": [1, 20]}, "record": null}}`, value, true},
		{"\t{ \"id\" :7 ,\"value\":{\"state\":{\"white\":31,\"walls\":[ 1 ,20 ] },\"record\":null}} \r", value, true},
		{`{"id":7` + fail, fail, true},
		{`{"id": 7, "error": {"kind": "malformed", "field": "state", "message": "state: missing (\"x\")\n"}}`, fail, true},
		{`{"id":7,"error":{"kind":"malformed","field":"state","message":""}}`, fail, true},
		{`{"id":7,"error":{"kind":"malformed","field":"state","message":"é"}}`, fail, true},
		{`{"id":7,"error":{"kind":"malformed","field":"state"}}`, fail, true}, // no message: the protocol's is optional
		{`{"id": 7, "error": {"kind": "malformed", "field": "state" } }`, fail, true},

		{`{"id":7,"value":{"state":{"white":3 1,"walls":[1,20]},"record":null}}`, value, false}, // a number split
		{`{"id":7,"value":{"state":{"white":31,"walls":[1,2 0]},"record":null}}`, value, false},
		{`{"id":7,"value":{"state":{"white":31,"walls":[1,20]},"record":nu ll}}`, value, false},
		{`{"id":17,"value":{"state":{"white":31,"walls":[1,20]},"record":null}}`, value, false}, // another id
		{`{"id":7,"value":{"state":{"white":31,"walls":[1,20]},"record":null}}x`, value, false},
		{`{"id":7,"value":{"state":{"white":31,"walls":[1,20]},"record":null}`, value, false},
		{`{"id":7,"value":{"state":{"walls":[1,20],"white":31},"record":null}}`, value, false}, // another order
		{`{"id":7,"value":{"state":{"white":31.0,"walls":[1,20]},"record":null}}`, value, false},
		{`{"id":7,"error":{"kind":"malformed","field":"stat","message":"m"}}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"stat"}}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed"}}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state",}}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state"}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state"}}}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state"},"message":"m"}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state","message":7}}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state","message":"a\u0041"}}`, fail, false},
		{"{\"id\":7,\"error\":{\"kind\":\"malformed\",\"field\":\"state\",\"message\":\"a\tb\"}}", fail, false},
		{"{\"id\":7,\"error\":{\"kind\":\"malformed\",\"field\":\"state\",\"message\":\"\xff\"}}", fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state","message":"\x"}}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state","message":"m"}} }`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state","message":"m"},"x":1}`, fail, false},
		{`{"id":7,"error":{"kind":"malformed","field":"state","message":"m}}`, fail, false},
	} {
		if got := SameAnswer([]byte(c.line), []byte("7"), []byte(c.answer)); got != c.same {
			t.Errorf("SameAnswer(%s, %s) = %v, want %v", c.line, c.answer, got, c.same)
		}
		if !c.same {
			continue
		}
		got, err := ParseResponse([]byte(c.line))
		want, _ := ParseResponse([]byte(`{"id":7` + c.answer))
		if err != nil {
			t.Errorf("%s: %v", c.line, err)
			continue
		}
		if got.Error != nil {
			got.Error.Message, want.Error.Message = "", ""
		}
		if g, w, _ := both(got, want); g != w {
			t.Errorf("%s parses as %s, not as %s", c.line, g, w)
		}
	}
}

// both returns the two responses as JSON.
func both(a, b *Response) (string, string, error) {
	ja, err := a.appendJSON(nil)
	if err != nil {
		return "", "", err
	}
	jb, err := b.appendJSON(nil)
	return string(ja), string(jb), err
}
