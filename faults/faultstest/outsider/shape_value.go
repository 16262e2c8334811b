package outsider

import "strconv"

func (s *shaper) readState(n *jsonNode) *codeError {
	st := &s.state
	return s.members(n, false, func(key string, v *jsonNode) (_ []string, err *codeError) {
		switch key {
		case "white":
			st.White, err = s.integer(v)
		case "black":
			st.Black, err = s.integer(v)
		case "walls":
			err = s.readWalls(v)
		case "last_move":
			return s.readLast(v)
		case "turn":
			st.Turn, err = s.integer(v)
		}
		return nil, err
	}, "white", "black", "walls", "last_move", "turn")
}

func (s *shaper) readWalls(n *jsonNode) *codeError {
	return s.members(n, false, func(player string, v *jsonNode) ([]string, *codeError) {
		p := white
		if player == playerNames[black] {
			p = black
		}
		return nil, s.members(v, false, func(orient string, list *jsonNode) (_ []string, err *codeError) {
			o := horizontal
			if orient == orientationNames[vertical] {
				o = vertical
			}
			s.state.Walls[p][o], err = s.list(list)
			return nil, err
		}, orientationNames[:]...)
	}, playerNames[:]...)
}

func (s *shaper) readLast(n *jsonNode) ([]string, *codeError) {
	last := &s.state.Last
	return nil, s.members(n, false, func(key string, v *jsonNode) (_ []string, err *codeError) {
		switch key {
		case "player":
			last.Player, err = s.name(v, playerNames[:]...)
		case "kind":
			var kind int
			kind, err = s.name(v, kindNames[:]...)
			if last.Wall = kind == 1; last.Wall && err == nil {
				return []string{"place"}, nil
			}
		case "place":
			last.Place, err = s.integer(v)
		}
		return nil, err
	}, "player", "kind")
}

func (s *shaper) readRecord(n *jsonNode) *codeError {
	return s.members(n, false, func(_ string, moves *jsonNode) ([]string, *codeError) {
		if moves.kind != jsonArray {
			return nil, malformed("", "not a list")
		}
		for i, item := range moves.items {
			var m Move
			if err := s.readMove(item, &m); err != nil {
				return nil, under("["+strconv.Itoa(i)+"]", err)
			}
			s.record.Moves = append(s.record.Moves, m)
		}
		return nil, nil
	}, "moves")
}

func (s *shaper) readMove(n *jsonNode, m *Move) *codeError {
	return s.members(n, false, func(key string, v *jsonNode) (_ []string, err *codeError) {
		switch key {
		case "kind":
			var kind int
			if kind, err = s.name(v, kindNames[:]...); err != nil {
				return nil, err
			}
			if m.Wall = kind == 1; m.Wall {
				return []string{"orientation", "place"}, nil
			}
			return []string{"dir"}, nil
		case "dir":
			m.Dir, err = s.integer(v)
		case "orientation":
			m.Orientation, err = s.name(v, orientationNames[:]...)
		case "place":
			m.Place, err = s.integer(v)
		}
		return nil, err
	}, "kind")
}
