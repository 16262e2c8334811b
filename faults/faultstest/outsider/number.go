package outsider

import (
	"math/big"
	"strconv"
	"strings"
)

// hugeInt stands for an integer too large for any field: integer returns
// it (or its negative) instead of the integer's value.
const hugeInt = 1 << 50

// integer returns the integer that a JSON number's text stands for, by
// its exact decimal value (spec/qf.md, "Canonical JSON": 8.0, 80e-1 and
// 1e3 are integers, 3.99999999999999999999 and 1e-400 are not), or false
// when it stands for no integer. Integers beyond ±hugeInt are ±hugeInt.
func integer(text string) (int64, bool) {
	digits, exp, _ := strings.Cut(strings.ToLower(text), "e")
	// An exponent beyond the digits' count and 20 makes a value that is
	// nonzero either no integer or one beyond hugeInt: bound it there, so
	// that 1e99999999999999999999 costs no more than 1e40.
	e, _ := strconv.Atoi(exp)
	bound := len(digits) + 20
	e = max(-bound, min(e, bound))
	r, _ := new(big.Rat).SetString(digits + "e" + strconv.Itoa(e))
	if !r.IsInt() {
		return 0, false
	}
	n := r.Num()
	if n.CmpAbs(big.NewInt(hugeInt)) >= 0 {
		return int64(n.Sign()) * hugeInt, true
	}
	return n.Int64(), true
}
