// A qf codec, replayer and conformance adapter in one file of Java 17, the
// standard library only, written from spec/qf.md and spec/protocol.md for the
// suite's examples. Run it without compiling:
//
//   qf check -- java examples/java/QfAdapter.java
//
// What a JVM implementation must take care of, each marked "JVM:" below:
// UTF-8 named on both streams (Java's platform charset may be ASCII), bad
// bytes reported rather than replaced, every answer flushed, repeated keys
// kept (a parser that keeps the last hides them) and deep nesting read
// without overflowing the stack.

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

public class QfAdapter {
    static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    static final String[][] GROUPS = {{"white", "h"}, {"white", "v"}, {"black", "h"}, {"black", "v"}};

    public static void main(String[] args) throws Exception {
        // JVM: a request may nest 10,000 deep; a thread with a large stack
        // reads it recursively.
        Thread t = new Thread(null, () -> {
            try {
                serve(new BufferedInputStream(System.in, 1 << 16));
            } catch (IOException e) {
                throw new RuntimeException(e);
            }
        }, "serve", 512L << 20);
        t.start();
        t.join();
    }

    // serve answers each request line with one response line.
    static void serve(InputStream in) throws IOException {
        // JVM: UTF-8 named, never the platform's charset; flushed by hand.
        PrintStream out = new PrintStream(new FileOutputStream(FileDescriptor.out), false, StandardCharsets.UTF_8);
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        byte[] buf = new byte[1 << 16];
        for (int n; (n = in.read(buf)) != -1; ) {
            int start = 0;
            for (int i = 0; i < n; i++) {
                if (buf[i] != '\n') continue;
                line.write(buf, start, i - start);
                start = i + 1;
                byte[] bytes = line.toByteArray();
                line.reset();
                int end = bytes.length > 0 && bytes[bytes.length - 1] == '\r' ? bytes.length - 1 : bytes.length;
                out.print(Json.write(answerLine(Arrays.copyOf(bytes, end))));
                out.print('\n');
                out.flush(); // JVM: qf check waits for each answer, qf fuzz for each in turn
            }
            line.write(buf, start, n - start);
        }
    }

    // SURROGATE matches a lone surrogate, which UTF-8 cannot hold: it is
    // U+FFFD in a code, a path and an answer (spec/protocol.md).
    static final java.util.regex.Pattern SURROGATE = java.util.regex.Pattern.compile("[\\uD800-\\uDFFF]");

    static String wellFormed(String s) {
        return SURROGATE.matcher(s).replaceAll("\uFFFD");
    }

    // answerLine returns the response to one request line.
    static Map<String, Object> answerLine(byte[] line) {
        Map<String, Object> out = new LinkedHashMap<>();
        Json.Obj req;
        try {
            // JVM: a decoder that reports bad bytes; String(bytes, UTF_8)
            // would replace them silently.
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(line)).toString();
            Object v = new Json(text).parseAll();
            if (!(v instanceof Json.Obj o) || o.repeats()) { // member names distinct at the top
                throw new IllegalArgumentException("not a request");
            }
            req = o;
        } catch (CharacterCodingException | IllegalArgumentException e) {
            out.put("id", null);
            out.put("error", Map.of("kind", "bad_request"));
            return out;
        }
        out.put("id", req.has("id") ? req.get("id") : null);
        try {
            out.putAll(answer(req));
        } catch (QfError e) {
            out.put("error", e.obj);
        }
        return out;
    }

    static Map<String, Object> answer(Json.Obj req) {
        Object op = req.get("op"), code = req.get("code");
        Map<String, Object> out = new LinkedHashMap<>();
        if ("hello".equals(op)) {
            out.put("name", "QfAdapter.java (examples/java)");
            out.put("version", "1.0.0");
            out.put("ops", List.of("decode", "encode", "replay", "validate"));
            out.put("profiles", List.of("strict", "lenient"));
            return out;
        }
        if ("encode".equals(op)) {
            if (!req.has("value")) {
                return Map.of("error", Map.of("kind", "bad_request"));
            }
            out.put("code", Codec.encode(req.get("value")));
            return out;
        }
        if (!"decode".equals(op) && !"replay".equals(op) && !"validate".equals(op)) {
            return Map.of("error", Map.of("kind", op instanceof String ? "unsupported" : "bad_request"));
        }
        if (!(code instanceof String c)) {
            return Map.of("error", Map.of("kind", "bad_request"));
        }
        if ("decode".equals(op)) {
            Object profile = req.has("profile") ? req.get("profile") : "strict";
            if (!(profile instanceof String)) { // null included: spec/protocol.md, "Protocol errors"
                return Map.of("error", Map.of("kind", "bad_request"));
            }
            if (!"strict".equals(profile) && !"lenient".equals(profile)) {
                return Map.of("error", Map.of("kind", "unsupported"));
            }
            out.put("value", Codec.decode(c, "lenient".equals(profile)));
            return out;
        }
        Map<String, Object> value = Codec.decode(c, false);
        if ("replay".equals(op)) {
            return Rules.replay(value);
        }
        out.put("violations", Rules.validate(value.get("state")));
        return out;
    }

    // A QfError is a qf error object: its kind, bit or char, and field.
    static class QfError extends RuntimeException {
        final Map<String, Object> obj = new LinkedHashMap<>();

        QfError(String kind, Integer bit, Integer chr, String field) {
            super(kind);
            obj.put("kind", kind);
            if (bit != null) obj.put("bit", bit);
            if (chr != null) obj.put("char", chr);
            if (field != null && !field.isEmpty()) obj.put("field", field);
        }
    }

    // Codec decodes and encodes qf codes (spec/qf.md).
    static class Codec {
        static Map<String, Object> decode(String code, boolean lenient) {
            // Offsets count bytes of UTF-8; a lone surrogate is U+FFFD.
            byte[] bytes = wellFormed(code).getBytes(StandardCharsets.UTF_8);
            int[] sextets = new int[bytes.length];
            int n = 0;
            for (int i = 0; i < bytes.length; i++) {
                int v = bytes[i] >= 0 ? ALPHABET.indexOf(bytes[i]) : -1;
                if (v >= 0) sextets[n++] = v;
                else if (!lenient) throw new QfError("invalid_character", null, i, null);
            }
            Reader r = new Reader(sextets, n);
            Map<String, Object> value = new LinkedHashMap<>();
            int hasState = r.read(1, "flags.state", -1), hasRecord = r.read(1, "flags.record", -1);
            value.put("state", null);
            value.put("record", null);
            if (hasState == 1) {
                Map<String, Object> state = new LinkedHashMap<>();
                state.put("white", r.read(7, "state.white", 80));
                state.put("black", r.read(7, "state.black", 80));
                Map<String, Map<String, Object>> walls = new LinkedHashMap<>();
                walls.put("white", new LinkedHashMap<>());
                walls.put("black", new LinkedHashMap<>());
                for (String[] g : GROUPS) {
                    String path = "state.walls." + g[0] + "." + g[1];
                    int count = r.read(4, path + ".count", 10);
                    List<Integer> anchors = new ArrayList<>();
                    for (int i = 0; i < count; i++) anchors.add(r.read(6, path + "[" + i + "]", -1));
                    walls.get(g[0]).put(g[1], anchors);
                }
                state.put("walls", walls);
                Map<String, Object> lm = new LinkedHashMap<>();
                lm.put("player", r.read(1, "state.last_move.player", -1) == 1 ? "black" : "white");
                if (r.read(1, "state.last_move.kind", -1) == 1) {
                    lm.put("kind", "wall");
                    lm.put("place", r.read(6, "state.last_move.place", -1));
                } else {
                    lm.put("kind", "piece");
                }
                state.put("last_move", lm);
                state.put("turn", r.read(10, "state.turn", -1));
                value.put("state", state);
            }
            if (hasRecord == 1) {
                List<Object> moves = new ArrayList<>();
                int count = r.read(10, "record.moves.count", -1);
                for (int i = 0; i < count; i++) {
                    String path = "record.moves[" + i + "]";
                    Map<String, Object> m = new LinkedHashMap<>();
                    if (r.read(1, path + ".kind", -1) == 0) {
                        m.put("kind", "piece");
                        m.put("dir", r.read(3, path + ".dir", -1));
                    } else {
                        m.put("kind", "wall");
                        m.put("orientation", r.read(1, path + ".orientation", -1) == 1 ? "v" : "h");
                        m.put("place", r.read(6, path + ".place", -1));
                    }
                    moves.add(m);
                }
                value.put("record", Map.of("moves", moves));
            }
            if (lenient) return value;
            int used = (r.pos + 5) / 6;
            if (n > used) throw new QfError("trailing_data", null, used, null);
            for (int b = r.pos; b < 6 * used; b++) {
                if (r.bit(b) == 1) throw new QfError("nonzero_padding", r.pos, null, null);
            }
            return value;
        }

        // A Reader reads fields MSB-first from sextets.
        static class Reader {
            final int[] sextets;
            final int total;
            int pos;

            Reader(int[] sextets, int n) {
                this.sextets = sextets;
                this.total = 6 * n;
            }

            int bit(int n) {
                return (sextets[n / 6] >> (5 - n % 6)) & 1;
            }

            int read(int width, String field, int top) {
                if (pos + width > total) throw new QfError("truncated", pos, null, field);
                int v = 0;
                for (int k = 0; k < width; k++) v = 2 * v + bit(pos + k);
                if (top >= 0 && v > top) throw new QfError("out_of_range", pos, null, field);
                pos += width;
                return v;
            }
        }

        @SuppressWarnings("unchecked")
        static String encode(Object json) {
            Map<String, Object> value = new Shape().value(json);
            StringBuilder bits = new StringBuilder();
            Map<String, Object> state = (Map<String, Object>) value.get("state");
            Map<String, Object> record = (Map<String, Object>) value.get("record");
            put(bits, state != null ? 1 : 0, 1, "flags.state", -1);
            put(bits, record != null ? 1 : 0, 1, "flags.record", -1);
            if (state != null) {
                put(bits, (long) state.get("white"), 7, "state.white", 80);
                put(bits, (long) state.get("black"), 7, "state.black", 80);
                Map<String, Map<String, List<Long>>> walls = (Map<String, Map<String, List<Long>>>) state.get("walls");
                for (String[] g : GROUPS) {
                    String path = "state.walls." + g[0] + "." + g[1];
                    List<Long> anchors = walls.get(g[0]).get(g[1]);
                    put(bits, anchors.size(), 4, path + ".count", 10);
                    for (int i = 0; i < anchors.size(); i++) put(bits, anchors.get(i), 6, path + "[" + i + "]", -1);
                }
                Map<String, Object> lm = (Map<String, Object>) state.get("last_move");
                put(bits, "black".equals(lm.get("player")) ? 1 : 0, 1, "state.last_move.player", -1);
                boolean wall = "wall".equals(lm.get("kind"));
                put(bits, wall ? 1 : 0, 1, "state.last_move.kind", -1);
                if (wall) put(bits, (long) lm.get("place"), 6, "state.last_move.place", -1);
                put(bits, (long) state.get("turn"), 10, "state.turn", -1);
            }
            if (record != null) {
                List<Map<String, Object>> moves = (List<Map<String, Object>>) record.get("moves");
                put(bits, moves.size(), 10, "record.moves.count", 1023);
                for (int i = 0; i < moves.size(); i++) {
                    String path = "record.moves[" + i + "]";
                    Map<String, Object> m = moves.get(i);
                    boolean wall = "wall".equals(m.get("kind"));
                    put(bits, wall ? 1 : 0, 1, path + ".kind", -1);
                    if (!wall) {
                        put(bits, (long) m.get("dir"), 3, path + ".dir", -1);
                    } else {
                        put(bits, "v".equals(m.get("orientation")) ? 1 : 0, 1, path + ".orientation", -1);
                        put(bits, (long) m.get("place"), 6, path + ".place", -1);
                    }
                }
            }
            while (bits.length() % 6 != 0) bits.append('0');
            StringBuilder code = new StringBuilder();
            for (int i = 0; i < bits.length(); i += 6) code.append(ALPHABET.charAt(Integer.parseInt(bits.substring(i, i + 6), 2)));
            return code.toString();
        }

        static void put(StringBuilder bits, long v, int width, String field, long top) {
            if (v < 0 || v > (top < 0 ? (1L << width) - 1 : top)) throw new QfError("out_of_range", null, null, field);
            for (int k = width - 1; k >= 0; k--) bits.append((v >> k) & 1);
        }
    }

    // Shape checks that a value has exactly the shape of the canonical JSON
    // and returns it as maps, lists and longs; of several faults it reports
    // the first in the order of spec/qf.md, "Errors": depth first in
    // canonical order, each key missing, repeated or malformed as it comes,
    // then the unknown keys, the first in byte order.
    static class Shape {
        interface Check {
            Object apply(String key, Object v, String path);
        }

        static QfError bad(String field) {
            return new QfError("malformed", null, null, field);
        }

        Map<String, Object> obj(Object x, String path, List<String> keys, Check check) {
            if (!(x instanceof Json.Obj o)) throw bad(path);
            Map<String, Object> out = new LinkedHashMap<>();
            for (String k : keys) {
                List<Object> found = o.all(k);
                if (found.size() != 1) throw bad(child(path, k));
                out.put(k, check.apply(k, found.get(0), child(path, k)));
            }
            TreeSet<String> unknown = new TreeSet<>((a, b) -> Arrays.compare(Json.utf8(a), Json.utf8(b)));
            for (Map.Entry<String, Object> m : o.members) if (!keys.contains(m.getKey())) unknown.add(m.getKey());
            if (!unknown.isEmpty()) throw bad(child(path, unknown.first()));
            return out;
        }

        // integer returns a number whose exact decimal value is an integer
        // (8.0, 1e3); beyond 10^30, out of every range, 10^30 with its sign.
        Long integer(Object x, String path) {
            if (!(x instanceof Json.Num num)) throw bad(path);
            BigDecimal d;
            try {
                d = new BigDecimal(num.text);
            } catch (NumberFormatException e) {
                throw bad(path); // an exponent beyond Java's range
            }
            if (d.signum() == 0) return 0L;
            if (d.stripTrailingZeros().scale() > 0) throw bad(path);
            if (d.abs().compareTo(BigDecimal.TEN.pow(30)) > 0) return d.signum() * (1L << 60);
            BigInteger i = d.toBigIntegerExact();
            return i.bitLength() < 63 ? i.longValue() : i.signum() * (1L << 60);
        }

        String oneOf(Object x, String path, List<String> names) {
            if (!(x instanceof String s) || !names.contains(s)) throw bad(path);
            return s;
        }

        List<Object> items(Object x, String path, Check item) {
            if (!(x instanceof List<?> list)) throw bad(path);
            List<Object> out = new ArrayList<>();
            for (int i = 0; i < list.size(); i++) out.add(item.apply(null, list.get(i), path + "[" + i + "]"));
            return out;
        }

        // kindOf returns the kind of a last move or move, which decides its keys.
        String kindOf(Object x) {
            if (x instanceof Json.Obj o) {
                List<Object> kinds = o.all("kind");
                if (kinds.size() == 1 && ("piece".equals(kinds.get(0)) || "wall".equals(kinds.get(0)))) return (String) kinds.get(0);
            }
            return null;
        }

        Object lastMove(Object x, String path) {
            List<String> keys = "wall".equals(kindOf(x)) ? List.of("player", "kind", "place") : List.of("player", "kind");
            return obj(x, path, keys, (k, v, p) -> k.equals("player") ? oneOf(v, p, List.of("white", "black"))
                    : k.equals("kind") ? oneOf(v, p, List.of("piece", "wall")) : integer(v, p));
        }

        Object move(Object x, String path) {
            if (!(x instanceof Json.Obj)) throw bad(path);
            String kind = kindOf(x);
            if (kind == null) throw bad(path + ".kind");
            List<String> keys = kind.equals("piece") ? List.of("kind", "dir") : List.of("kind", "orientation", "place");
            return obj(x, path, keys, (k, v, p) -> k.equals("kind") ? v : k.equals("orientation") ? oneOf(v, p, List.of("h", "v")) : integer(v, p));
        }

        Object state(Object x, String path) {
            Check walls = (k, w, p) -> obj(w, p, List.of("white", "black"),
                    (k2, g, p2) -> obj(g, p2, List.of("h", "v"), (k3, a, p3) -> items(a, p3, (k4, i, p4) -> integer(i, p4))));
            return obj(x, path, List.of("white", "black", "walls", "last_move", "turn"),
                    (k, v, p) -> k.equals("walls") ? walls.apply(k, v, p) : k.equals("last_move") ? lastMove(v, p) : integer(v, p));
        }

        Map<String, Object> value(Object x) {
            return obj(x, "", List.of("state", "record"), (k, v, p) -> v == null ? null
                    : k.equals("state") ? state(v, p)
                    : obj(v, p, List.of("moves"), (k2, m, p2) -> items(m, p2, (k3, mv, p3) -> move(mv, p3))));
        }

        // child returns the path of member key of the object at path: .key
        // for a key of ASCII letters, digits and _, else the key as a JSON
        // string in brackets, a lone surrogate as U+FFFD.
        static String child(String path, String key) {
            if (key.matches("[A-Za-z0-9_]+")) return path.isEmpty() ? key : path + "." + key;
            return path + "[" + Json.quote(wellFormed(key)) + "]";
        }
    }

    // Rules replays records and validates States (spec/qf.md, "Replay and
    // validation").
    static class Rules {
        static final int N = 9;
        static final int[][] STEPS = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};
        static final int[] GOAL = {8, 0}; // the goal rank of white, of black

        static boolean on(int x, int y) {
            return x >= 0 && x < N && y >= 0 && y < N;
        }

        // A Board holds the walls' anchors, by orientation.
        static class Board {
            final Set<Integer> h = new HashSet<>(), v = new HashSet<>();

            Set<Integer> of(String o) {
                return o.equals("h") ? h : v;
            }

            boolean has(String o, int x, int y) {
                return x >= 0 && x < 8 && y >= 0 && y < 8 && of(o).contains(8 * y + x);
            }

            // blocked reports a wall between (x, y) and (x+dx, y+dy), a step.
            boolean blocked(int x, int y, int dx, int dy) {
                if (dy != 0) {
                    int row = Math.min(y, y + dy);
                    return has("h", x - 1, row) || has("h", x, row);
                }
                int col = Math.min(x, x + dx);
                return has("v", col, y - 1) || has("v", col, y);
            }

            boolean conflicts(String o, int p) {
                Set<Integer> same = of(o), other = of(o.equals("h") ? "v" : "h");
                int x = p % 8, y = p / 8;
                if (same.contains(p) || other.contains(p)) return true;
                if (o.equals("h")) return x > 0 && same.contains(p - 1) || x < 7 && same.contains(p + 1);
                return y > 0 && same.contains(p - 8) || y < 7 && same.contains(p + 8);
            }

            boolean reaches(int start, int rank) {
                Set<Integer> seen = new HashSet<>(List.of(start));
                List<Integer> queue = new ArrayList<>(List.of(start));
                while (!queue.isEmpty()) {
                    int sq = queue.remove(queue.size() - 1), x = sq % N, y = sq / N;
                    if (y == rank) return true;
                    for (int[] d : new int[][] {{0, 1}, {1, 0}, {0, -1}, {-1, 0}}) {
                        int nx = x + d[0], ny = y + d[1];
                        if (on(nx, ny) && !blocked(x, y, d[0], d[1]) && seen.add(N * ny + nx)) queue.add(N * ny + nx);
                    }
                }
                return false;
            }
        }

        @SuppressWarnings("unchecked")
        static Map<String, Object> replay(Map<String, Object> value) {
            Map<String, Object> out = new LinkedHashMap<>();
            List<Object> squares = new ArrayList<>();
            out.put("squares", squares);
            out.put("violation", null);
            if (value.get("record") == null) return out;
            Board board = new Board();
            int[] pawn = {4, 76}, left = {10, 10};
            int toMove = 0;
            Map<String, Object> s = (Map<String, Object>) value.get("state");
            if (s != null) {
                pawn = new int[] {(int) s.get("white"), (int) s.get("black")};
                toMove = "white".equals(((Map<String, Object>) s.get("last_move")).get("player")) ? 1 : 0;
                for (Object[] w : stateWalls(s)) {
                    board.of((String) w[1]).add((Integer) w[2]);
                    left[(int) w[0]]--;
                }
            }
            List<Map<String, Object>> moves = (List<Map<String, Object>>) ((Map<String, Object>) value.get("record")).get("moves");
            for (int i = 0; i < moves.size(); i++) {
                String kind = play(board, pawn, left, toMove, moves.get(i));
                if (kind != null) {
                    out.put("violation", Map.of("move", i, "kind", kind));
                    return out;
                }
                toMove = 1 - toMove;
                squares.add(List.of(pawn[0], pawn[1]));
            }
            return out;
        }

        // play plays move m of player me, or returns the kind of rule it breaks.
        static String play(Board board, int[] pawn, int[] left, int me, Map<String, Object> m) {
            if (pawn[0] / N == GOAL[0] || pawn[1] / N == GOAL[1]) return "game_over";
            if ("wall".equals(m.get("kind"))) {
                String o = (String) m.get("orientation");
                int p = (int) m.get("place");
                if (left[me] <= 0) return "no_walls_left";
                if (board.conflicts(o, p)) return "walls_conflict";
                board.of(o).add(p);
                if (!board.reaches(pawn[0], GOAL[0]) || !board.reaches(pawn[1], GOAL[1])) {
                    board.of(o).remove(p);
                    return "no_path";
                }
                left[me]--;
                return null;
            }
            int x = pawn[me] % N, y = pawn[me] / N, opp = pawn[1 - me];
            int[] d = STEPS[(int) m.get("dir")];
            int dx = d[0], dy = d[1], to = -1;
            if (dx == 0 || dy == 0) {
                int nx = x + dx, ny = y + dy;
                if (!on(nx, ny)) return "off_board";
                if (board.blocked(x, y, dx, dy)) return "wall_blocks_move";
                to = N * ny + nx;
                if (to == opp) {
                    if (!on(nx + dx, ny + dy) || board.blocked(nx, ny, dx, dy)) return "jump_blocked";
                    to = N * (ny + dy) + nx + dx;
                }
            } else {
                int tx = x + dx, ty = y + dy;
                for (int[] via : new int[][] {{dx, 0}, {0, dy}}) { // the opponent beside, its jump blocked
                    int ox = x + via[0], oy = y + via[1];
                    if (!on(tx, ty) || !on(ox, oy) || N * oy + ox != opp || board.blocked(x, y, via[0], via[1])) continue;
                    boolean jumpBlocked = !on(ox + via[0], oy + via[1]) || board.blocked(ox, oy, via[0], via[1]);
                    if (jumpBlocked && !board.blocked(ox, oy, tx - ox, ty - oy)) to = N * ty + tx;
                }
                if (to < 0) return "illegal_diagonal";
            }
            pawn[me] = to;
            return null;
        }

        // stateWalls returns the State's walls as {player, orientation, anchor}.
        @SuppressWarnings("unchecked")
        static List<Object[]> stateWalls(Map<String, Object> s) {
            List<Object[]> out = new ArrayList<>();
            Map<String, Map<String, List<Integer>>> walls = (Map<String, Map<String, List<Integer>>>) s.get("walls");
            for (int p = 0; p < 2; p++) {
                for (String o : List.of("h", "v")) {
                    for (int a : walls.get(p == 0 ? "white" : "black").get(o)) out.add(new Object[] {p, o, a});
                }
            }
            return out;
        }

        @SuppressWarnings("unchecked")
        static List<String> validate(Object st) {
            if (st == null) return List.of();
            Map<String, Object> s = (Map<String, Object>) st;
            TreeSet<String> found = new TreeSet<>();
            Board board = new Board();
            int[] count = {0, 0};
            if (s.get("white").equals(s.get("black"))) found.add("pawns_overlap");
            for (Object[] w : stateWalls(s)) {
                count[(int) w[0]]++;
                if (board.conflicts((String) w[1], (Integer) w[2])) found.add("walls_conflict");
                board.of((String) w[1]).add((Integer) w[2]);
            }
            if (Math.max(count[0], count[1]) > 10) found.add("too_many_walls");
            if (!board.reaches((int) s.get("white"), GOAL[0]) || !board.reaches((int) s.get("black"), GOAL[1])) found.add("no_path");
            Map<String, Object> lm = (Map<String, Object>) s.get("last_move");
            Map<String, List<Integer>> mine = ((Map<String, Map<String, List<Integer>>>) s.get("walls")).get((String) lm.get("player"));
            if ("wall".equals(lm.get("kind")) && !mine.get("h").contains(lm.get("place")) && !mine.get("v").contains(lm.get("place"))) {
                found.add("last_move_wall_missing");
            }
            return new ArrayList<>(found);
        }
    }

    // Json reads JSON text into Obj (members in order, repeats kept), List,
    // String, Num (its text, exact), Boolean and null; and writes maps,
    // lists, strings, numbers and Num back.
    static class Json {
        static final int MAX_DEPTH = 10_000; // spec/protocol.md
        final String s;
        int i, depth;

        Json(String s) {
            this.s = s;
        }

        // An Obj is a JSON object as its members. JVM: a map would keep one
        // value of a repeated key, and spec/qf.md makes a repeat malformed.
        record Obj(List<Map.Entry<String, Object>> members) {
            List<Object> all(String key) {
                List<Object> out = new ArrayList<>();
                for (Map.Entry<String, Object> m : members) if (m.getKey().equals(key)) out.add(m.getValue());
                return out;
            }

            boolean has(String key) {
                return !all(key).isEmpty();
            }

            Object get(String key) {
                List<Object> found = all(key);
                return found.isEmpty() ? null : found.get(0);
            }

            boolean repeats() {
                Set<String> seen = new HashSet<>();
                for (Map.Entry<String, Object> m : members) if (!seen.add(m.getKey())) return true;
                return false;
            }
        }

        // A Num is a number as written: its exact value is the text's.
        record Num(String text) {}

        Object parseAll() {
            Object v = parse();
            skip();
            if (i != s.length()) throw fail();
            return v;
        }

        IllegalArgumentException fail() {
            return new IllegalArgumentException("not JSON at " + i);
        }

        void skip() {
            while (i < s.length() && " \t\n\r".indexOf(s.charAt(i)) >= 0) i++;
        }

        Object parse() {
            skip();
            if (i >= s.length()) throw fail();
            char c = s.charAt(i);
            if (c == '{' || c == '[') {
                if (++depth > MAX_DEPTH) throw fail();
                Object v = c == '{' ? object() : array();
                depth--;
                return v;
            }
            if (c == '"') return string();
            for (String lit : List.of("true", "false", "null")) {
                if (s.startsWith(lit, i)) {
                    i += lit.length();
                    return lit.equals("null") ? null : Boolean.valueOf(lit);
                }
            }
            java.util.regex.Matcher m = NUMBER.matcher(s).region(i, s.length());
            if (!m.lookingAt()) throw fail();
            i = m.end();
            return new Num(m.group());
        }

        static final java.util.regex.Pattern NUMBER = java.util.regex.Pattern.compile("-?(0|[1-9][0-9]*)(\\.[0-9]+)?([eE][+-]?[0-9]+)?");

        Obj object() {
            i++;
            List<Map.Entry<String, Object>> members = new ArrayList<>();
            skip();
            if (i < s.length() && s.charAt(i) == '}') {
                i++;
                return new Obj(members);
            }
            while (true) {
                skip();
                if (i >= s.length() || s.charAt(i) != '"') throw fail();
                String key = string();
                skip();
                if (i >= s.length() || s.charAt(i++) != ':') throw fail();
                members.add(new java.util.AbstractMap.SimpleEntry<>(key, parse()));
                skip();
                if (i >= s.length()) throw fail();
                char c = s.charAt(i++);
                if (c == '}') return new Obj(members);
                if (c != ',') throw fail();
            }
        }

        List<Object> array() {
            i++;
            List<Object> items = new ArrayList<>();
            skip();
            if (i < s.length() && s.charAt(i) == ']') {
                i++;
                return items;
            }
            while (true) {
                items.add(parse());
                skip();
                if (i >= s.length()) throw fail();
                char c = s.charAt(i++);
                if (c == ']') return items;
                if (c != ',') throw fail();
            }
        }

        String string() {
            StringBuilder b = new StringBuilder();
            i++;
            while (true) {
                if (i >= s.length()) throw fail();
                char c = s.charAt(i++);
                if (c == '"') return b.toString();
                if (c < 0x20) throw fail();
                if (c != '\\') {
                    b.append(c);
                    continue;
                }
                if (i >= s.length()) throw fail();
                char e = s.charAt(i++);
                switch (e) {
                    case '"', '\\', '/' -> b.append(e);
                    case 'b' -> b.append('\b');
                    case 'f' -> b.append('\f');
                    case 'n' -> b.append('\n');
                    case 'r' -> b.append('\r');
                    case 't' -> b.append('\t');
                    case 'u' -> {
                        if (i + 4 > s.length()) throw fail();
                        try {
                            b.append((char) Integer.parseInt(s.substring(i, i + 4), 16));
                        } catch (NumberFormatException x) {
                            throw fail();
                        }
                        i += 4;
                    }
                    default -> throw fail();
                }
            }
        }

        // utf8 returns the UTF-8 of s, a lone surrogate as its own 3 bytes,
        // for sorting keys in byte order.
        static byte[] utf8(String s) {
            ByteArrayOutputStream b = new ByteArrayOutputStream();
            s.codePoints().forEach(cp -> {
                if (cp < 0x80) {
                    b.write(cp);
                } else if (cp < 0x800) {
                    b.write(0xC0 | cp >> 6);
                    b.write(0x80 | cp & 0x3F);
                } else if (cp < 0x10000) {
                    b.write(0xE0 | cp >> 12);
                    b.write(0x80 | cp >> 6 & 0x3F);
                    b.write(0x80 | cp & 0x3F);
                } else {
                    b.write(0xF0 | cp >> 18);
                    b.write(0x80 | cp >> 12 & 0x3F);
                    b.write(0x80 | cp >> 6 & 0x3F);
                    b.write(0x80 | cp & 0x3F);
                }
            });
            return b.toByteArray();
        }

        // quote writes s as a JSON string with the escapes spec/qf.md gives a
        // field path: \" \\ \b \f \n \r \t, other controls as backslash-u00xx, the
        // rest as it is.
        static String quote(String s) {
            StringBuilder b = new StringBuilder("\"");
            for (char c : s.toCharArray()) {
                switch (c) {
                    case '"' -> b.append("\\\"");
                    case '\\' -> b.append("\\\\");
                    case '\b' -> b.append("\\b");
                    case '\f' -> b.append("\\f");
                    case '\n' -> b.append("\\n");
                    case '\r' -> b.append("\\r");
                    case '\t' -> b.append("\\t");
                    default -> {
                        if (c < 0x20) b.append(String.format("\\u%04x", (int) c));
                        else b.append(c);
                    }
                }
            }
            return b.append('"').toString();
        }

        static String write(Object v) {
            StringBuilder b = new StringBuilder();
            write(b, v);
            return b.toString();
        }

        static void write(StringBuilder b, Object v) {
            if (v == null) {
                b.append("null");
            } else if (v instanceof String str) {
                b.append(quote(wellFormed(str)));
            } else if (v instanceof Num n) {
                b.append(n.text);
            } else if (v instanceof Number || v instanceof Boolean) {
                b.append(v);
            } else if (v instanceof Map<?, ?> m) {
                b.append('{');
                String sep = "";
                for (Map.Entry<?, ?> e : m.entrySet()) {
                    b.append(sep).append(quote((String) e.getKey())).append(':');
                    write(b, e.getValue());
                    sep = ",";
                }
                b.append('}');
            } else if (v instanceof Obj o) {
                b.append('{');
                String sep = "";
                for (Map.Entry<String, Object> e : o.members) {
                    b.append(sep).append(quote(e.getKey())).append(':');
                    write(b, e.getValue());
                    sep = ",";
                }
                b.append('}');
            } else if (v instanceof List<?> l) {
                b.append('[');
                String sep = "";
                for (Object x : l) {
                    b.append(sep);
                    write(b, x);
                    sep = ",";
                }
                b.append(']');
            }
        }
    }
}
