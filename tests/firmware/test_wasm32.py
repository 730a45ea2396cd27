# SPDX-License-Identifier: MIT
"""The device payloads on a 32-bit MicroPython: the official WebAssembly
port run by Node.js (tests/wasm32.py). The app comes from the .mpy files of
the deploy plan on the port's file system; the longest game is played
through the real buttons object with the journal on a folder of that file
system and the serial link on, and ends as it ends on CPython."""

import json
from binascii import crc32

import pytest

from bench.wasm32_bench import check_run
from tallyboard.fs import OsFS
from tallyboard.journal.journal import Journal
from tallyboard.journal.files import game_file
from tests import board_keys, mpvm, wasm32
from tests.core.test_core_on_micropython import vectors
from tests.payloads.core_vectors import replay_vector, through_json
from tricktally.record import to_record


@pytest.fixture(scope="module")
def longest(tmp_path_factory):
    keys, session = board_keys.longest_game()
    flash = tmp_path_factory.mktemp("wasm32-flash")
    lines, steps = wasm32.run_steps("board_game", board_keys.board_data(keys), save=flash)
    return keys, session, lines, steps, flash


def test_the_port_is_a_32_bit_micropython_with_framebuf():
    facts = wasm32.payload_lines("board_facts")[0]["facts"]
    assert facts["maxsize"] == 2**31 - 1
    assert facts["framebuf"] is True
    # the .mpy files of the deploy plan are the version this port loads
    mpy = (mpvm.session_tree() / "tricktally" / "game.mpy").read_bytes()
    assert mpy[0] == ord("M") and mpy[1] == facts["mpy"] & 0xFF


def test_longest_game_through_the_buttons_ends_as_on_cpython(longest):
    keys, session, lines, steps, flash = longest
    presses = [line for line in lines if "press" in line]
    assert len(presses) == len(keys) > 150
    end = [line["end"] for line in lines if "end" in line][0]
    want = board_keys.end_state(session)
    assert {k: end[k] for k in want} == want
    assert end["finished"] and end["hands"] == 10
    # every press drew something and entries reached the flash folder
    assert sum(p["display"] for p in presses) > 20 * 1024
    assert sum(p["writes"] for p in presses) > 60


def test_journal_on_the_port_file_system_boots_on_cpython(longest):
    keys, session, lines, steps, flash = longest
    folder = flash / "tt_flash"
    data = (folder / game_file(1)).read_bytes()
    link = [line["link"] for line in lines if "link" in line][0]
    assert set(link["status"]) == {"OK"}
    assert link["games"]["1"] == [len(data), crc32(data)]
    stored = Journal(OsFS(str(folder))).boot()
    assert len(stored) == 1 and stored[0].damage is None
    assert to_record(stored[0].game) == to_record(session.game)


def test_live_heap_is_read_after_a_collection_at_every_step(longest):
    keys, session, lines, steps, flash = longest
    labels = [label for label, _ in steps["steps"]]
    # boot, every press, then the PC's sync burst by burst (raises if not)
    check_run(labels, len(keys), lines)
    assert labels[-1] == "link ack" and len(labels) > len(keys) + 6
    start = steps["steps"][0][1]
    used = [b for _, b in steps["steps"][1:]]
    # the booted app holds heap; a collection frees each press's garbage,
    # so the live heap never runs away from what boot held
    assert min(used) > start + 20 * 1024
    assert max(used) < 2 * min(used)


def test_imports_cost_less_on_32_bits_than_on_the_64_bit_unix_port():
    data = json.dumps({"before": [], "modules": ["tricktally.game", "tallyboard.journal.record"]})
    _, steps = wasm32.run_steps("import_cost", data)
    wasm = {label: used for label, used in steps["steps"]}
    unix = {line["module"]: line["bytes"] for line in mpvm.payload_lines("import_cost", data) if "module" in line}
    wasm_cost = wasm["tallyboard.journal.record"] - wasm["tricktally.game"]
    assert 1024 < wasm_cost < unix["tallyboard.journal.record"]


def test_scoring_vectors_on_the_32_bit_port_match_cpython():
    vs = vectors(12)
    lines = wasm32.payload_lines("core_vectors", data="\n".join(json.dumps(v) for v in vs))
    assert len(lines) == len(vs)
    for v, got in zip(vs, lines):
        assert got == replay_vector(v, through_json), v["name"]


def test_missing_node_is_one_clear_line(monkeypatch):
    monkeypatch.setattr(wasm32.shutil, "which", lambda name: None)
    with pytest.raises(wasm32.Wasm32Error) as info:
        wasm32.run_payload("board_facts")
    assert "Node.js is not installed" in str(info.value) and "\n" not in str(info.value)


def test_missing_package_says_to_run_npm_ci(monkeypatch, tmp_path):
    monkeypatch.setattr(wasm32, "PACKAGE", tmp_path / "package.json")
    with pytest.raises(wasm32.Wasm32Error) as info:
        wasm32.run_payload("board_facts")
    assert "npm ci" in str(info.value)


def test_a_raise_on_the_port_carries_its_traceback(tmp_path, monkeypatch):
    monkeypatch.setattr(mpvm, "PAYLOADS", tmp_path)
    (tmp_path / "boom.py").write_text("from tricktally import new_game\nnew_game('chess', ['A', 'B'])\n")
    with pytest.raises(wasm32.Wasm32Error) as info:
        wasm32.run_payload("boom")
    assert "chess" in str(info.value) and "Traceback" in str(info.value)
