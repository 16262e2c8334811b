package spec

import "testing"

func TestErrorObject(t *testing.T) {
	bit, char, other := 34, 0, 35
	for _, c := range []struct {
		e    ErrorObject
		want string
	}{
		{ErrorObject{Kind: "truncated", Bit: &bit, Field: "state.turn"}, "truncated at bit 34 (state.turn)"},
		{ErrorObject{Kind: "invalid_character", Char: &char}, "invalid_character at char 0"},
		{ErrorObject{Kind: "malformed", Field: "record.moves[0].kind"}, "malformed (record.moves[0].kind)"},
		{ErrorObject{Kind: "error"}, "error"},
		{ErrorObject{Kind: "Bad Kind\n"}, `"Bad Kind\n"`},
		{ErrorObject{Kind: ""}, `""`},
	} {
		if got := c.e.String(); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
	a := &ErrorObject{Kind: "truncated", Bit: &bit, Field: "state.turn", Message: "one"}
	for _, c := range []struct {
		b    *ErrorObject
		same bool
	}{
		{&ErrorObject{Kind: "truncated", Bit: &bit, Field: "state.turn", Message: "another"}, true},
		{&ErrorObject{Kind: "truncated", Bit: &other, Field: "state.turn"}, false},
		{&ErrorObject{Kind: "truncated", Char: &bit, Field: "state.turn"}, false},
		{&ErrorObject{Kind: "truncated", Field: "state.turn"}, false},
		{&ErrorObject{Kind: "out_of_range", Bit: &bit, Field: "state.turn"}, false},
		{&ErrorObject{Kind: "truncated", Bit: &bit, Field: "state.black"}, false},
		{nil, false},
	} {
		if a.Equal(c.b) != c.same || c.b != nil && c.b.Equal(a) != c.same {
			t.Errorf("%+v and %+v: Equal %v, want %v", a, c.b, !c.same, c.same)
		}
	}
	if !(*ErrorObject)(nil).Equal(nil) {
		t.Error("two nil errors are not Equal")
	}
}
