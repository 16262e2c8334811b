package outsider

import "github.com/qf-format/qf-conformance/spec"

// This file holds the shape of the canonical JSON (spec/qf.md,
// "Canonical JSON"): each object's members, in order.

// stateMembers returns the members of a State.
func (s *shaper) stateMembers() []member {
	st := &s.state
	var groups []member
	for p, player := range playerNames {
		groups = append(groups, s.objectMember(player,
			s.listMember("h", &st.Walls[p][horizontal]), s.listMember("v", &st.Walls[p][vertical])))
	}
	last := s.objectMember("last_move", s.nameMember("player", &st.Last.Player, playerNames),
		s.kindMember(&st.Last.Wall, nil, s.integerMember("place", &st.Last.Place)))
	return []member{s.integerMember("white", &st.White), s.integerMember("black", &st.Black),
		s.objectMember("walls", groups...), last, s.integerMember("turn", &st.Turn)}
}

// recordMember returns the member of a Record, its moves.
func (s *shaper) recordMember() member {
	return member{"moves", func(v *jsonNode) ([]member, *spec.ErrorObject) {
		return nil, s.array(v, func(item *jsonNode) *spec.ErrorObject {
			var m Move
			err := s.members(item, false, s.kindMember(&m.Wall, []member{s.integerMember("dir", &m.Dir)},
				s.nameMember("orientation", &m.Orientation, orientationNames), s.integerMember("place", &m.Place)))
			s.record.Moves = append(s.record.Moves, m)
			return err
		})
	}}
}

// kindMember returns the member "kind" of a move, which names the members
// to read after it: piece's, or wall's. It sets isWall.
func (s *shaper) kindMember(isWall *bool, piece []member, wall ...member) member {
	var kind int
	read := s.nameMember("kind", &kind, kindNames).read
	return member{"kind", func(v *jsonNode) ([]member, *spec.ErrorObject) {
		if _, err := read(v); err != nil {
			return nil, err
		}
		if *isWall = kind == 1; *isWall {
			return wall, nil
		}
		return piece, nil
	}}
}
