package outsider

// hugeInt stands for an integer too large for any field: integer returns
// it (or its negative) instead of the integer's value.
const hugeInt = 1 << 50

// integer returns the integer that a JSON number's text stands for, by
// its exact decimal value (spec/qf.md, "Canonical JSON": 8.0, 80e-1 and
// 1e3 are integers, 3.99999999999999999999 and 1e-400 are not), or false
// when it stands for no integer. Integers beyond ±hugeInt are ±hugeInt.
func integer(text []byte) (int64, bool) {
	neg := text[0] == '-'
	i := 0
	if neg {
		i = 1
	}
	intStart := i
	for i < len(text) && '0' <= text[i] && text[i] <= '9' {
		i++
	}
	intEnd, fracStart, fracEnd := i, i, i
	if i < len(text) && text[i] == '.' {
		fracStart = i + 1
		for i = fracStart; i < len(text) && '0' <= text[i] && text[i] <= '9'; i++ {
		}
		fracEnd = i
	}
	exp := exponent(text[i:])
	// The digits are those of the integer part and then of the fraction:
	// digit k of n, the value being digits × 10^(exp - fraction digits).
	n := intEnd - intStart + fracEnd - fracStart
	digit := func(k int) byte {
		if k < intEnd-intStart {
			return text[intStart+k] - '0'
		}
		return text[fracStart+k-(intEnd-intStart)] - '0'
	}
	first, last := 0, n-1
	for first < n && digit(first) == 0 {
		first++
	}
	if first == n {
		return 0, true
	}
	for digit(last) == 0 {
		last--
	}
	exp += int64(n-1-last) - int64(fracEnd-fracStart)
	if exp < 0 {
		return 0, false
	}
	v := int64(hugeInt)
	if int64(last-first+1)+exp <= 18 { // below 10^18, within int64
		v = 0
		for k := first; k <= last; k++ {
			v = v*10 + int64(digit(k))
		}
		for ; exp > 0; exp-- {
			v *= 10
		}
		v = min(v, hugeInt)
	}
	if neg {
		v = -v
	}
	return v, true
}

// exponent returns the value of a number's exponent part, "e-12", or 0
// when there is none; past 10^15 it stops growing, so that it cannot
// overflow.
func exponent(text []byte) int64 {
	if len(text) == 0 {
		return 0
	}
	i, neg := 1, false
	if text[i] == '+' || text[i] == '-' {
		neg = text[i] == '-'
		i++
	}
	var e int64
	for ; i < len(text); i++ {
		if e < 1e15 {
			e = e*10 + int64(text[i]-'0')
		}
	}
	if neg {
		return -e
	}
	return e
}
