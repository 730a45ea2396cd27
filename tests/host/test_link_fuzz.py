# SPDX-License-Identifier: MIT
"""The board's frame parser fuzzed: over 10,000 malformed or refused frames,
each must get exactly one ERR frame, quickly, and change nothing (journal
files, acknowledgements, roster, clock, session)."""

import time

from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from tallyboard import frames, frames_more
from tests.host.link_helpers import MemBoard

SESSION_ID = 1000  # HELLO's id: later ids must be above it
VERBS = ["HELLO", "LIST", "FETCH", "SUM", "ACK", "ROSTER", "TIME"]

BOARD = MemBoard(games=3, seed=11)
BOARD.ask("HELLO", rid=SESSION_ID)
IDS = BOARD.journal.ids()
SIZES = {g: BOARD.journal.size(g) for g in IDS}
BASELINE = BOARD.state()

new_id = st.integers(SESSION_ID + 1, frames.MAX_ID)
old_id = st.integers(0, SESSION_ID)
game = st.sampled_from(IDS)
number_word = st.one_of(
    st.integers(-(10**12), 10**12).map(str),
    st.text("0123456789-+x. ", min_size=0, max_size=14).map(lambda s: s.replace(" ", "") or "-"),
)
junk_word = st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=12)


def frame(rid, words):
    return frames.encode(frames.REQUEST, rid, words)[:-1]


@st.composite
def wrong_args(draw):
    """Known verbs with the wrong number of arguments or impossible values."""
    rid = draw(new_id)
    kind = draw(st.integers(0, 12))
    g = draw(game)
    size = SIZES[g]
    if kind == 0:
        words = ["HELLO"] + draw(st.lists(junk_word, min_size=1, max_size=3))
    elif kind == 1:
        verb = draw(st.sampled_from(["FETCH", "SUM", "ACK", "TIME"]))
        need = {"FETCH": 3, "SUM": 2, "ACK": 3, "TIME": 1}[verb]
        count = draw(st.integers(0, 6).filter(lambda n: n != need))
        words = [verb] + draw(st.lists(number_word, min_size=count, max_size=count))
    elif kind == 2:
        words = ["LIST"] + draw(st.lists(number_word, min_size=2, max_size=4))
    elif kind == 3:  # no such game
        bad = draw(st.one_of(st.integers(max(IDS) + 1, 10**9).map(str), st.integers(-(10**6), -1).map(str), junk_word.filter(lambda w: not w.isdigit())))
        verb = draw(st.sampled_from(["FETCH", "SUM", "ACK"]))
        words = [verb, bad] + (["0", "10"] if verb == "FETCH" else ["1", "00000000"] if verb == "ACK" else ["1"])
    elif kind == 4:  # FETCH past the end
        words = ["FETCH", str(g), str(draw(st.integers(size, size + 10**6))), str(draw(st.integers(1, frames.MAX_CHUNK)))]
    elif kind == 5:  # FETCH length out of bounds
        length = draw(st.one_of(st.integers(-5, 0), st.integers(frames.MAX_CHUNK + 1, 10**9)))
        words = ["FETCH", str(g), str(draw(st.integers(0, size - 1))), str(length)]
    elif kind == 6:  # ACK or SUM past the end, or negative
        upto = draw(st.one_of(st.integers(size + 1, 10**9), st.integers(-(10**6), -1)))
        verb = draw(st.sampled_from(["ACK", "SUM"]))
        words = [verb, str(g), str(upto)] + (["00000000"] if verb == "ACK" else [])
    elif kind == 7:  # bad time
        words = ["TIME", draw(st.one_of(st.integers(-(10**9), -1).map(str), st.integers(4102444801, 10**11).map(str), junk_word.filter(lambda w: not w.isdigit())))]
    elif kind == 8:  # roster words that are not hex UTF-8
        words = ["ROSTER"] + draw(st.lists(st.one_of(st.text("0123456789abcdefg", min_size=1, max_size=9).filter(lambda w: len(w) % 2 or "g" in w), st.just("ff"), st.just("c3")), min_size=1, max_size=4))
    elif kind == 9:  # names the roster refuses
        bad = draw(st.one_of(
            st.text(min_size=11, max_size=30),
            st.text(min_size=1, max_size=9).map(lambda s: s + "\x07"),
            st.text(min_size=1, max_size=8).map(lambda s: " " + s),
        ))
        good = draw(st.lists(st.sampled_from(["Ana", "Zoë", "Ben"]), max_size=3))
        words = ["ROSTER"] + [frames_more.pack_text(n) for n in good + [bad]]
    elif kind == 10:  # too many names
        words = ["ROSTER"] + [frames_more.pack_text("P%d" % i) for i in range(draw(st.integers(13, 40)))]
    elif kind == 11:  # unknown verbs
        words = [draw(junk_word.filter(lambda w: w not in VERBS))] + draw(st.lists(junk_word, max_size=4))
    else:  # ROSTER with no name
        words = ["ROSTER"]
    try:
        return frame(rid, words)
    except ValueError:  # over the frame bound: send it anyway, it must be refused
        body = (">%d %s" % (rid, " ".join(words))).encode()
        return body + b" *" + frames.crc_text(body).encode()


@st.composite
def out_of_order(draw):
    """Requests that would be valid, under an id the session has used up."""
    g = draw(game)
    words = draw(st.sampled_from([
        ["ACK", str(g), str(SIZES[g]), "00000000"],
        ["TIME", "1700000000"],
        ["ROSTER", frames_more.pack_text("Zoë"), frames_more.pack_text("Ana")],
        ["FETCH", str(g), "0", "100"],
        ["LIST"],
    ]))
    return frame(draw(old_id), words)


@st.composite
def damaged(draw):
    """A valid request with bytes flipped, inserted or removed (after '>' and
    the first digit, so it still claims to be a frame)."""
    g = draw(game)
    line = frame(draw(new_id), draw(st.sampled_from([
        ["ACK", str(g), str(SIZES[g]), "00000000"], ["TIME", "1700000000"], ["LIST"], ["SUM", str(g), "5"],
        ["ROSTER", frames_more.pack_text("Zoë")],
    ])))
    original = line
    for _ in range(draw(st.integers(1, 3))):
        pos = draw(st.integers(2, len(line) - 1))
        op = draw(st.integers(0, 2))
        byte = draw(st.integers(0, 255).filter(lambda b: b != 10))
        if op == 0:
            if line[pos] == byte:
                byte = byte ^ 1 if byte ^ 1 != 10 else byte ^ 2
            line = line[:pos] + bytes([byte]) + line[pos + 1:]
        elif op == 1:
            line = line[:pos] + bytes([byte]) + line[pos:]
        elif len(line) > 3:
            line = line[:pos] + line[pos + 1:]
    # A deletion and an insertion can cancel out: that is no damage at all.
    assume(line != original)
    return line


@st.composite
def garbage(draw):
    """'>' and a digit, then anything but a newline (control bytes, 0x03, long runs)."""
    body = draw(st.binary(min_size=0, max_size=draw(st.sampled_from([40, 300, 2000])))).replace(b"\n", b"\x03")
    return b">" + bytes([48 + draw(st.integers(0, 9))]) + body


@st.composite
def oversized(draw):
    """Lines past the 1024-byte bound, well-formed or not."""
    n = draw(st.integers(frames.MAX_LINE, 3 * frames.MAX_LINE))
    fill = draw(st.sampled_from([b"A", b"0 ", b"\x03", b"*"]))
    return (b">7 LIST " + fill * n)[: n + 1]


malformed = st.one_of(wrong_args(), out_of_order(), damaged(), garbage(), oversized())


def test_fuzzed_frames_get_one_error_each_and_change_nothing():
    count = [0]
    codes = {}

    @settings(max_examples=1100, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(st.lists(malformed, min_size=10, max_size=14))
    def run(lines):
        for line in lines:
            start = time.perf_counter()
            answers = BOARD.send_raw(line + b"\n")
            assert time.perf_counter() - start < 0.5, "the board took too long on %r" % line[:80]
            assert len(answers) == 1, "%r got %r" % (line[:100], answers)
            rid, words = answers[0]
            assert words[0] == "ERR", "%r was accepted: %r" % (line[:100], words)
            codes[words[1]] = codes.get(words[1], 0) + 1
            count[0] += 1
        assert BOARD.state() == BASELINE

    run()
    assert count[0] >= 10_000
    # Every kind of refusal was exercised.
    for code in ("crc", "syntax", "long", "order", "args", "range", "game", "value", "unknown"):
        assert codes.get(code, 0) > 0, codes
    # And the board still works after all that.
    assert BOARD.ask("LIST", rid=SESSION_ID + 1)[0] == "OK"
