package ref_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/qf-format/qf-conformance/ref"
)

func ExampleDecode() {
	v, err := ref.Decode("j7oklAHMe1ICg")
	if err != nil {
		fmt.Println(err)
		return
	}
	s := v.State
	fmt.Println("white on", s.White, "black on", s.Black)
	fmt.Println("white horizontal walls", s.Walls.White.H)
	fmt.Println("last move:", s.LastMove.Player, s.LastMove.Kind, "at", s.LastMove.Place)
	fmt.Println("turn", s.Turn, "record", v.Record)
	// Output:
	// white on 31 black on 58
	// white horizontal walls [18 20]
	// last move: white wall at 18
	// turn 10 record <nil>
}

func ExampleDecode_error() {
	// The fourth character is a space: strict decoding stops there.
	_, err := ref.Decode("j7o klAHMe1ICg")
	fmt.Println(err)

	var e *ref.Error
	if errors.As(err, &e) {
		fmt.Println(e.Kind, e.Unit == ref.Char, e.Offset)
	}

	// A white square of 81 is out of range; the error names the field.
	_, err = ref.Decode("qMwAAAAQ")
	fmt.Println(err)
	fmt.Println(errors.Is(err, ref.ErrOutOfRange), err.(*ref.Error).Field)
	// Output:
	// ref: char 3: invalid character ' ' (U+0020)
	// invalid_character true 3
	// ref: bit 2: white square 81 out of range 0-80
	// true state.white
}

func ExampleProfile_Decode() {
	v, err := ref.Lenient.Decode("j7ok lAHM\ne1ICg==")
	if err != nil {
		fmt.Println(err)
		return
	}
	code, _ := ref.Encode(v)
	fmt.Println(code)
	// Output:
	// j7oklAHMe1ICg
}

func ExampleEncode() {
	// Both pawns step forward twice from the initial position.
	v := &ref.Value{Record: &ref.Record{Moves: []ref.Move{
		ref.PieceMove(0), ref.PieceMove(4), ref.PieceMove(0), ref.PieceMove(4),
	}}}
	code, err := ref.Encode(v)
	fmt.Println(code, err, v.BitLen())

	v.Record.Moves[0].Dir = 8
	_, err = ref.Encode(v)
	fmt.Println(err)
	// Output:
	// QEBAQ <nil> 28
	// ref: move 1 direction 8 out of range 0-7
}

func ExampleValue_MarshalJSON() {
	v, _ := ref.Decode("QA")
	b, _ := json.Marshal(v)
	fmt.Println(string(b))
	// Output:
	// {"state":null,"record":{"moves":[]}}
}

func ExampleProfile_DecodeInto() {
	// One Value, State and Record for every code: a warm decode
	// allocates nothing.
	var v ref.Value
	var state ref.State
	var record ref.Record
	for _, code := range []string{"j7oklAHMe1ICg", "QEBAQ", "j7o klAHMe1ICg"} {
		v = ref.Value{State: &state, Record: &record}
		if err := ref.Strict.DecodeInto(&v, code); err != nil {
			fmt.Println(err)
			continue
		}
		b, _ := v.AppendJSON(nil)
		fmt.Println(string(b))
	}
	// Output:
	// {"state":{"white":31,"black":58,"walls":{"white":{"h":[18,20],"v":[]},"black":{"h":[51],"v":[59]}},"last_move":{"player":"white","kind":"wall","place":18},"turn":10},"record":null}
	// {"state":null,"record":{"moves":[{"kind":"piece","dir":0},{"kind":"piece","dir":4},{"kind":"piece","dir":0},{"kind":"piece","dir":4}]}}
	// ref: char 3: invalid character ' ' (U+0020)
}
