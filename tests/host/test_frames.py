# SPDX-License-Identifier: MIT
"""The frame codec (tallyboard.frames), on CPython and on the MicroPython VM."""

import binascii
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tallyboard import frames, frames_more
from tallyboard.frames import FrameError
from tests.mpvm import run_micropython

printable_word = st.text(st.characters(min_codepoint=33, max_codepoint=126), min_size=1, max_size=20)


def test_frame_layout_and_crc():
    line = frames.encode(frames.REQUEST, 17, ["FETCH", "3", "0", "512"])
    body = b">17 FETCH 3 0 512"
    assert line == body + b" *" + ("%08x" % binascii.crc32(body)).encode() + b"\n"
    assert frames.decode(line[:-1], frames.REQUEST) == (17, ["FETCH", "3", "0", "512"])


@given(st.integers(0, frames.MAX_ID), st.lists(printable_word, min_size=1, max_size=20), st.sampled_from([frames.REQUEST, frames.RESPONSE]))
def test_round_trip_and_only_printable_bytes(rid, words, mark):
    line = frames.encode(mark, rid, words)
    assert line.endswith(b"\n") and len(line) <= frames.MAX_LINE
    assert all(32 <= b <= 126 for b in line[:-1]), "a control byte (0x03!) in a frame"
    assert frames.decode(line[:-1], mark) == (rid, words)
    assert frames.decode(line[:-1] + b"\r", mark) == (rid, words)  # CRLF tolerated


def _code(line, mark=frames.REQUEST):
    with pytest.raises(FrameError) as info:
        frames.decode(line, mark)
    return info.value.code


def test_malformed_lines_are_refused_with_a_code():
    good = frames.encode(frames.REQUEST, 5, ["ACK", "1", "10"])[:-1]
    assert _code(good.replace(b"ACK", b"ACX")) == "crc"
    assert _code(good[:-1] + (b"0" if good[-1:] != b"0" else b"1")) == "crc"
    assert _code(good.upper()) == "syntax"  # CRC hex must be lower case
    assert _code(good[: good.index(b" *")]) == "syntax"  # no CRC
    assert _code(good, frames.RESPONSE) == "syntax"  # wrong direction
    assert _code(b"") == "syntax"
    assert _code(good.replace(b"ACK", b"A\x03K")) == "syntax"
    assert _code(good.replace(b">5", b">x")) == "syntax"
    assert _code(b">" + b"9" * 10 + b" HELLO *00000000") == "syntax"
    body = b">5  ACK"
    assert _code(body + b" *" + frames.crc_text(body).encode()) == "syntax"
    body = b">5"
    assert _code(body + b" *" + frames.crc_text(body).encode()) == "syntax"
    assert _code(b">1 X " + b"a" * 1100 + b" *00000000") == "long"


def test_crc_error_keeps_the_request_id():
    good = frames.encode(frames.REQUEST, 42, ["LIST"])[:-1]
    with pytest.raises(FrameError) as info:
        frames.decode(good.replace(b"LIST", b"LIZT"), frames.REQUEST)
    assert info.value.rid == 42


def test_encode_refuses_bad_words_and_oversized_frames():
    for words in (["A B"], [""], ["caf\u00e9"], ["\x03"]):
        with pytest.raises(ValueError):
            frames.encode(frames.RESPONSE, 1, words)
    with pytest.raises(ValueError):
        frames.encode(frames.RESPONSE, 1, ["x" * 1100])
    with pytest.raises(ValueError):
        frames.encode(frames.RESPONSE, -1, ["OK"])


def test_largest_fetch_answer_fits_in_a_frame():
    data = bytes(range(256)) * 3
    line = frames.encode(frames.RESPONSE, frames.MAX_ID, ["OK", str(frames.MAX_ID), str(1 << 30), str(frames.MAX_CHUNK), frames.pack_data(data[: frames.MAX_CHUNK])])
    assert len(line) <= frames.MAX_LINE


@given(st.binary(max_size=frames.MAX_CHUNK))
def test_data_words_round_trip(data):
    word = frames.pack_data(data)
    assert frames.is_word(word)
    assert frames_more.unpack_data(word) == data


@given(st.text(min_size=0, max_size=12))
def test_text_words_round_trip_with_accents(text):
    word = frames_more.pack_text(text)
    assert frames.is_word(word)
    assert frames_more.unpack_text(word) == text


def test_bad_data_and_text_words():
    for word in ("abc", "ab!d", "a b="):
        with pytest.raises(FrameError):
            frames_more.unpack_data(word)
    for word in ("abc", "zz", "C3A9", "ff"):
        with pytest.raises(FrameError):
            frames_more.unpack_text(word)
    assert frames_more.unpack_text("5a6fc3ab") == "Zoë"


def test_parse_int_bounds():
    assert frames.parse_int("12", 0, 20, "x") == 12
    assert frames.parse_int("-1", -1, 20, "x") == -1
    for word, code in (("", "args"), ("1a", "args"), ("-", "args"), ("21", "range"), ("-2", "range"), ("9" * 13, "args")):
        with pytest.raises(FrameError) as info:
            frames.parse_int(word, -1, 20, "x")
        assert info.value.code == code


def test_line_reader_splits_bounds_and_reports_long_lines_once():
    r = frames.LineReader(limit=16)
    r.feed(b"ab\ncd\r\nef")
    assert r.next_line() == b"ab"
    assert r.next_line() == b"cd\r"
    assert r.next_line() is None
    r.feed(b"g\n>" + b"x" * 40)
    assert r.next_line() == b"efg"
    assert r.next_line() is None
    assert r.pending() < 16  # the runaway line is not kept
    r.feed(b"y" * 40)
    assert r.next_line() is None
    r.feed(b"z\nok\n")
    assert r.next_line() is frames.TOO_LONG and r.long_first == ord(">")
    assert r.next_line() == b"ok"
    r.feed(b"0123456789abcdefg\n")  # over the limit but arriving whole
    assert r.next_line() is frames.TOO_LONG and r.long_first == ord("0")


VECTORS = [
    (62, 1, ["HELLO"]),
    (60, 17, ["OK", "3", "0", "5", "aGVsbG8="]),
    (60, 999999999, ["ERR", "range", "offset", "past", "the", "end"]),
    (62, 4, ["ROSTER", "5a6fc3ab", "4a72c3b46d65"]),
]


def test_codec_runs_on_micropython_and_agrees_with_cpython():
    code = """
import json
from tallyboard import frames, frames_more
out = []
for mark, rid, words in %s:
    line = frames.encode(mark, rid, words)
    out.append([line.decode(), list(frames.decode(line[:-1], mark)[1])])
out.append(frames.pack_data(bytes(range(256))))
out.append(frames_more.unpack_data(%r) == bytes(range(256)))
out.append(frames_more.pack_text('Zo\\u00eb J\\u00e9r\\u00f4me'))
out.append(frames_more.unpack_text('5a6fc3ab'))
bad = []
for line in (b'>1 HELLO *00000000', b'>1  HELLO *abcdefab', b'>x HELLO *abcdefab', b'>1 HE\\x03LO *abcdefab'):
    try:
        frames.decode(line, 62)
        bad.append('accepted')
    except frames.FrameError as e:
        bad.append(e.code)
out.append(bad)
r = frames.LineReader(limit=16)
r.feed(b'>' + b'x' * 30 + b'\\nab\\n')
first = r.next_line()
out.append([first is frames.TOO_LONG, r.long_first, r.next_line().decode()])
print(json.dumps(out))
""" % (repr(VECTORS), frames.pack_data(bytes(range(256))))
    got = json.loads(run_micropython(code).strip().splitlines()[-1])
    for (mark, rid, words), (line, parsed) in zip(VECTORS, got[: len(VECTORS)]):
        assert line.encode() == frames.encode(mark, rid, words)
        assert parsed == words
    rest = got[len(VECTORS):]
    assert rest[0] == frames.pack_data(bytes(range(256)))
    assert rest[1] is True
    assert rest[2] == frames_more.pack_text("Zoë Jérôme")
    assert rest[3] == "Zoë"
    expected = []
    for line in (b">1 HELLO *00000000", b">1  HELLO *abcdefab", b">x HELLO *abcdefab", b">1 HE\x03LO *abcdefab"):
        expected.append(_code(line))
    assert rest[4] == expected == ["crc", "crc", "syntax", "syntax"]
    assert rest[5] == [True, ord(">"), "ab"]
