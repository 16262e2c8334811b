package outsider

import "strconv"

// intMember reads the integer at key of object o.
func (s *shaper) intMember(o *jsonNode, key string) (int64, *codeError) {
	v, err := s.member(o, key)
	if err != nil {
		return 0, err
	}
	x, err := s.integer(v)
	if err != nil {
		return 0, under("."+key, err)
	}
	return x, nil
}

// nameMember reads the string at key of object o, one of names.
func (s *shaper) nameMember(o *jsonNode, key string, names ...string) (int, *codeError) {
	v, err := s.member(o, key)
	if err != nil {
		return 0, err
	}
	i, err := s.name(v, names...)
	if err != nil {
		return 0, under("."+key, err)
	}
	return i, nil
}

func (s *shaper) readState(n *jsonNode) *codeError {
	if err := s.object(n); err != nil {
		return err
	}
	st := &s.state
	var err *codeError
	if st.White, err = s.intMember(n, "white"); err != nil {
		return err
	}
	if st.Black, err = s.intMember(n, "black"); err != nil {
		return err
	}
	walls, err := s.member(n, "walls")
	if err != nil {
		return err
	}
	if err := s.readWalls(walls); err != nil {
		return under(".walls", err)
	}
	last, err := s.member(n, "last_move")
	if err != nil {
		return err
	}
	if err := s.readLast(last); err != nil {
		return under(".last_move", err)
	}
	if st.Turn, err = s.intMember(n, "turn"); err != nil {
		return err
	}
	return s.unknown(n, false, "white", "black", "walls", "last_move", "turn")
}

func (s *shaper) readWalls(n *jsonNode) *codeError {
	if err := s.object(n); err != nil {
		return err
	}
	for p, player := range playerNames {
		groups, err := s.member(n, player)
		if err != nil {
			return err
		}
		if err := s.readGroups(groups, p); err != nil {
			return under("."+player, err)
		}
	}
	return s.unknown(n, false, "white", "black")
}

// readGroups reads a player's {"h": [...], "v": [...]}.
func (s *shaper) readGroups(n *jsonNode, p int) *codeError {
	if err := s.object(n); err != nil {
		return err
	}
	for o, orient := range orientationNames {
		list, err := s.member(n, orient)
		if err != nil {
			return err
		}
		if s.state.Walls[p][o], err = s.list(list, s.state.Walls[p][o][:0]); err != nil {
			return under("."+orient, err)
		}
	}
	return s.unknown(n, false, "h", "v")
}

func (s *shaper) readLast(n *jsonNode) *codeError {
	if err := s.object(n); err != nil {
		return err
	}
	last := &s.state.Last
	var err *codeError
	if last.Player, err = s.nameMember(n, "player", playerNames[:]...); err != nil {
		return err
	}
	kind, err := s.nameMember(n, "kind", "piece", "wall")
	if err != nil {
		return err
	}
	last.Wall = kind == 1
	if !last.Wall {
		return s.unknown(n, false, "player", "kind")
	}
	if last.Place, err = s.intMember(n, "place"); err != nil {
		return err
	}
	return s.unknown(n, false, "player", "kind", "place")
}

func (s *shaper) readRecord(n *jsonNode) *codeError {
	if err := s.object(n); err != nil {
		return err
	}
	moves, err := s.member(n, "moves")
	if err != nil {
		return err
	}
	if moves.kind != jsonArray {
		return malformed(".moves", "not a list")
	}
	s.record.Moves = s.record.Moves[:0]
	for i, item := range moves.items {
		m, err := s.readMove(item)
		if err != nil {
			return under(".moves["+strconv.Itoa(i)+"]", err)
		}
		s.record.Moves = append(s.record.Moves, m)
	}
	return s.unknown(n, false, "moves")
}

func (s *shaper) readMove(n *jsonNode) (Move, *codeError) {
	var m Move
	if err := s.object(n); err != nil {
		return m, err
	}
	kind, err := s.nameMember(n, "kind", "piece", "wall")
	if err != nil {
		return m, err
	}
	if kind == 0 {
		if m.Dir, err = s.intMember(n, "dir"); err != nil {
			return m, err
		}
		return m, s.unknown(n, false, "kind", "dir")
	}
	m.Wall = true
	if m.Orientation, err = s.nameMember(n, "orientation", orientationNames[:]...); err != nil {
		return m, err
	}
	if m.Place, err = s.intMember(n, "place"); err != nil {
		return m, err
	}
	return m, s.unknown(n, false, "kind", "orientation", "place")
}
