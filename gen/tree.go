package gen

import (
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/qf-format/qf-conformance/internal/jsonstring"
	"github.com/qf-format/qf-conformance/ref"
)

// A JSON tree is what encoding/json decodes a text into with UseNumber,
// but for its objects: *object, []any, string, json.Number, bool and nil.
// EncodeValue breaks a value's JSON as such a tree. An object holds its
// members in the order of their keys, as encoding/json writes a map's:
// walking a tree (places) and writing it (appendTree) need no sort and no
// map, which were most of the time of drawing an encoding case. An
// object is shared, as a map would be, by every place that holds it. The
// functions here read and write a tree as encoding/json does, byte for
// byte (tree_test.go holds them to it).
type object struct {
	members []member // in byte order of their keys, each key once
}

// A member of an object.
type member struct {
	key   string
	value any
}

// find returns the index of key's member in o, or where it would go, and
// whether it is there.
func (o *object) find(key string) (int, bool) {
	return slices.BinarySearchFunc(o.members, key, func(m member, key string) int { return strings.Compare(m.key, key) })
}

// get returns the value of key's member, nil when there is none.
func (o *object) get(key string) any {
	if i, ok := o.find(key); ok {
		return o.members[i].value
	}
	return nil
}

// set sets the value of key's member, adding it in its place when there
// is none.
func (o *object) set(key string, v any) {
	i, ok := o.find(key)
	if ok {
		o.members[i].value = v
		return
	}
	o.members = slices.Insert(o.members, i, member{key, v})
}

// remove removes key's member, if any.
func (o *object) remove(key string) {
	if i, ok := o.find(key); ok {
		o.members = slices.Delete(o.members, i, i+1)
	}
}

// valueTree returns the tree of v's canonical JSON, the tree that
// reading v.AppendJSON's text makes (tree_test.go's parseTree, which
// holds the two equal), without writing and reading the text: an enum
// without a name is null, as AppendJSON writes it. Its objects and lists
// are a's, which the next tree of a reuses.
func (a *arena) valueTree(v *ref.Value) any {
	a.objects, a.members, a.items = a.objects[:0], a.members[:0], a.items[:0]
	var state, record any
	if v.State != nil {
		state = a.stateTree(v.State)
	}
	if v.Record != nil {
		record = a.recordTree(v.Record)
	}
	return a.objectOf(member{"record", record}, member{"state", state})
}

// objectOf returns an object of the arena holding members, which are in
// the order of their keys.
func (a *arena) objectOf(members ...member) *object {
	o := a.object(len(members))
	o.members = append(o.members, members...)
	return o
}

func (a *arena) stateTree(s *ref.State) any {
	walls := a.objectOf(member{"black", a.groupTree(&s.Walls.Black)}, member{"white", a.groupTree(&s.Walls.White)})
	m := &s.LastMove
	player, kind := treeName(uint8(m.Player), "white", "black"), treeName(uint8(m.Kind), "piece", "wall")
	var lastMove *object
	if m.Kind == ref.Wall {
		lastMove = a.objectOf(member{"kind", kind}, member{"place", treeNumber(m.Place)}, member{"player", player})
	} else {
		lastMove = a.objectOf(member{"kind", kind}, member{"player", player})
	}
	return a.objectOf(member{"black", treeNumber(s.Black)}, member{"last_move", lastMove}, member{"turn", treeNumber(s.Turn)},
		member{"walls", walls}, member{"white", treeNumber(s.White)})
}

func (a *arena) groupTree(g *ref.PlayerWalls) any {
	return a.objectOf(member{"h", a.intsTree(g.H)}, member{"v", a.intsTree(g.V)})
}

func (a *arena) intsTree(list []int) any {
	var room [16]any
	items := room[:0]
	for _, n := range list {
		items = append(items, treeNumber(n))
	}
	return a.list(items)
}

func (a *arena) recordTree(r *ref.Record) any {
	var room [16]any
	items := room[:0]
	for i := range r.Moves {
		m := &r.Moves[i]
		kind := treeName(uint8(m.Kind), "piece", "wall")
		if m.Kind == ref.Wall {
			items = append(items, a.objectOf(member{"kind", kind},
				member{"orientation", treeName(uint8(m.Orientation), "h", "v")}, member{"place", treeNumber(m.Place)}))
		} else {
			items = append(items, a.objectOf(member{"dir", treeNumber(m.Dir)}, member{"kind", kind}))
		}
	}
	return a.objectOf(member{"moves", a.list(items)})
}

// treeNumber returns the integer n as a tree holds it: for 0 to 1023,
// most numbers of a value, an interface value made once, so that a tree
// of them allocates none.
func treeNumber[T int | int16](n T) any {
	if 0 <= n && int(n) < len(smallNumbers) {
		return smallNumbers[n]
	}
	return json.Number(strconv.Itoa(int(n)))
}

// treeName returns the name of enum value v as a tree holds it
// (boxedString), or nil for a value without a name, which AppendJSON
// writes as null.
func treeName(v uint8, names ...string) any {
	if int(v) >= len(names) {
		return nil
	}
	return boxedString(names[v])
}

// An arena holds the objects and lists of a tree, in a few arrays, so that
// making a tree allocates next to nothing: EncodeValue makes one, breaks
// it, writes it and drops it, and the next reuses the arrays. A tree that
// outlives the next one made must not be of the same arena. An object has
// room for its members in place (valueTree's for those it is made with), and a list exactly its items, so that adding a
// member beyond them or an item moves them to memory of their own.
type arena struct {
	objects []object
	members []member
	items   []any
}

// object returns an empty object of the arena with room for room
// members in place. Each array of the arena, when full, is followed by
// one twice as large, and the largest is kept for the next tree, so that
// the trees of a Rand soon allocate nothing, however long their records.
func (a *arena) object(room int) *object {
	if len(a.objects) == cap(a.objects) {
		a.objects = make([]object, 0, max(64, 2*cap(a.objects))) // the objects before stay where they are
	}
	if len(a.members)+room > cap(a.members) {
		a.members = make([]member, 0, max(64*5, 2*cap(a.members), room))
	}
	n := len(a.members)
	a.members = a.members[:n+room]
	a.objects = append(a.objects, object{members: a.members[n : n : n+room]})
	return &a.objects[len(a.objects)-1]
}

// list returns a list of the arena holding items.
func (a *arena) list(items []any) []any {
	if len(items) == 0 {
		return []any{} // not nil: a list, which a tree writes as []
	}
	if len(a.items)+len(items) > cap(a.items) {
		a.items = make([]any, 0, max(256, 2*cap(a.items), len(items)))
	}
	n := len(a.items)
	a.items = append(a.items, items...)
	return a.items[n:len(a.items):len(a.items)]
}

var smallNumbers = func() (t [1024]any) {
	for v := range t {
		t[v] = json.Number(strconv.Itoa(v))
	}
	return t
}()

// boxedString returns s as a tree holds it: a name of the canonical JSON
// as an interface value made once.
func boxedString(s string) any {
	for _, n := range boxedNames {
		if n.(string) == s {
			return n
		}
	}
	return s
}

var boxedNames = []any{"white", "black", "piece", "wall", "h", "v"}

// appendTree appends the JSON of tree to b as json.Marshal writes it, an
// object as a map of its members: in the order of their keys, strings
// escaped for HTML.
func appendTree(b []byte, tree any) []byte {
	switch x := tree.(type) {
	case *object:
		b = append(b, '{')
		for i, m := range x.members {
			if i > 0 {
				b = append(b, ',')
			}
			b = jsonstring.Append(b, strings.TrimSuffix(m.key, repeated), true)
			b = append(b, ':')
			b = appendTree(b, m.value)
		}
		return append(b, '}')
	case []any:
		if x == nil {
			return append(b, "null"...)
		}
		b = append(b, '[')
		for i, item := range x {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendTree(b, item)
		}
		return append(b, ']')
	case string:
		return jsonstring.Append(b, x, true)
	case json.Number:
		if x == "" {
			return append(b, '0')
		}
		return append(b, x...)
	case bool:
		return strconv.AppendBool(b, x)
	case nil:
		return append(b, "null"...)
	}
	out, _ := json.Marshal(tree) // no tree holds other types
	return append(b, out...)
}

// repeated ends a key of a tree that stands for its key written once more,
// right after it: the text an object of distinct keys cannot hold, of a
// repeated key. It sorts right after the key.
const repeated = "\x00repeated"
