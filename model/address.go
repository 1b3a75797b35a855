package model

// ParseAddress reads a 24-bit ICAO address written as 6 hex digits (either case) without
// allocating; anything else (a readsb '~' address included) is not one.
func ParseAddress(s string) (uint32, bool) {
	if len(s) != 6 {
		return 0, false
	}
	var v uint32
	for i := range 6 {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			v = v<<4 | uint32(c-'0')
		case c >= 'A' && c <= 'F':
			v = v<<4 | uint32(c-'A'+10)
		case c >= 'a' && c <= 'f':
			v = v<<4 | uint32(c-'a'+10)
		default:
			return 0, false
		}
	}
	return v, true
}
