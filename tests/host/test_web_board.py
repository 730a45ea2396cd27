# SPDX-License-Identifier: MIT
"""`tricktally sim --web`: the board in a browser (issue 25, item 2).

The page is tested in Debian's headless chromium as the season report is:
it loads with no console error and no request leaving the machine; the
same keys played through the CPython simulator (tricktally_host.sim) give
the same panel RAM after every press; a reload resumes the game where it
stood; a downloaded game scores with `tricktally score`. The folder is
served from a sub-folder of the server, so every URL in it is relative.
"""

import contextlib
import json
import os
import pathlib
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from tests.host.chromium import Browser
from tests.host.web_page import PageBoard, key_event
from tricktally.record import to_record
from tricktally_host import deploy
from tricktally_host.sim.board import SimBoard
from tricktally_host.sim.board import SimI2C  # the simulator's panel, whatever module holds it
from tricktally_host.web import build as web_build
from tricktally_host.web.serve import Background

REPO = pathlib.Path(__file__).resolve().parents[2]
CLI = [sys.executable, "-c", "from tricktally_host.cli import main; main()"]
LONG_KIND = {"up": 3, "down": 3}  # a held up or down repeats; the others give LONG (2)

# A game from the home menu, in keys: a new Spades game with a seat as first
# dealer (not Random: the two boards draw different numbers), bids and
# tricks with every key the page knows, shifted keys (long presses) and the
# game menu; the comments say what the board shows after the key.
GAME_KEYS = [
    "Enter",  # the new-game form
    "ArrowUp", "ArrowUp",  # the first dealer's row
    "ArrowRight",  # a seat rather than Random
    "ArrowDown",  # Start
    "Enter",  # the first bid
    "Enter", "ArrowUp", " ", "d",  # bids: OK, up, OK (space), the right neighbour's
    "Enter", "ArrowDown", "Enter", " ",  # tricks
    "Enter",  # the score table: on to hand 2's first bid
    "B",  # long BACK: undo (the board asks to reopen hand 1)
    "Escape",  # back from that question
    "s", "Backspace",  # the game menu, and back to the bid
    "Shift+ArrowLeft",  # a long left
    "Enter", "O",  # OK and a long OK
    "U",  # long BACK on a bid: undone
    "w", "a", "Shift+ArrowUp",  # up, left, a long up (a press and a repeat)
]


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The built folder, in a sub-folder of what the server serves."""
    root = tmp_path_factory.mktemp("site")
    folder = web_build.build(root / "board")
    return root, folder


@contextlib.contextmanager
def _opened(site, **browser_args):
    """The page, served from a sub-folder, open in a fresh chromium:
    (the server's address, the Browser, the PageBoard)."""
    root, _ = site
    with Background(root) as origin, Browser(**browser_args) as browser:
        page = PageBoard(browser, origin + "board/")
        page.open()
        yield origin, browser, page


def _expected(key, table):
    button, long = table[key]
    if not long:
        return [(button, 1)]
    return [(button, 1), (button, LONG_KIND.get(button, 2))]


def _replay(ref, events):
    # The events the page's firmware got, fed to the CPython simulator's
    # app as the terminal simulator feeds it, then a pass of its loop.
    for name, kind in events:
        ref.press(name, kind)
        ref.tick()
    ref.tick()


def test_the_board_in_chromium_plays_as_the_terminal_simulator(site, tmp_path):
    table = web_build.key_table()
    ref = SimBoard(str(tmp_path / "ref-flash"), serial=False)
    downloads = tmp_path / "downloads"
    downloads.mkdir()
    with _opened(site, downloads=downloads) as (origin, browser, page):
        assert browser.problems(own=[origin]) == ([], []), browser.stderr()[-2000:]
        assert page.frame() == bytes(ref.bus.gddram)  # the home menu
        # The board's loop runs from the boot, as App.run: its idle steps
        # come without a press (the screen dims after a minute).
        assert 0 < browser.evaluate("tricktally.nextPass") <= 60000
        frames = {page.frame()}
        for key in GAME_KEYS:
            events = page.press(key)
            assert events == _expected(key, table), key
            _replay(ref, events)
            assert page.frame() == bytes(ref.bus.gddram), "after %s" % key
            frames.add(page.frame())
        assert len(frames) >= 15  # the keys changed the screen

        # A key held is a button held: up and down repeat, as on the board.
        events = page.press("ArrowDown", hold=0.9)
        assert events[0] == ("down", 1) and len(events) >= 3 and set(events[1:]) == {("down", 3)}
        _replay(ref, events)
        assert page.frame() == bytes(ref.bus.gddram)
        # The page's buttons: a mouse click, a touch, a long press held by mouse.
        for name, hold, touch, want in (("ok", 0, False, [("ok", 1)]), ("right", 0, True, [("right", 1)]),
                                        ("back", 0.9, False, [("back", 1), ("back", 2)])):
            events = page.button(name, hold=hold, touch=touch)
            assert events == want, name
            _replay(ref, events)
            assert page.frame() == bytes(ref.bus.gddram), name

        # A reload right after a confirmed entry (no idle time for the
        # journal's fold) resumes where the game stood, as the simulator
        # does from its flash folder.
        events = page.press("Enter")
        _replay(ref, events)
        before = page.frame()
        page.open(reload=True)
        ref.close()
        ref = SimBoard(str(tmp_path / "ref-flash"), serial=False, device_id=ref.device_id)
        assert page.frame() == bytes(ref.bus.gddram) == before
        for key in ("Enter", "ArrowUp", "Enter"):
            events = page.press(key)
            _replay(ref, events)
            assert page.frame() == bytes(ref.bus.gddram), key
        mine = to_record(ref.app.game)
        # Home, and the games list: the games the flash holds and its room.
        for key in ("Escape", "ArrowUp", "Enter", "ArrowDown", "ArrowDown", "Enter"):
            _replay(ref, page.press(key))
            assert page.frame() == bytes(ref.bus.gddram), key
        assert ref.app.screen.title.startswith("Games")
        for key in ("Enter", "Backspace", "Backspace"):
            _replay(ref, page.press(key))
            assert page.frame() == bytes(ref.bus.gddram), key

        # The game, downloaded: `tricktally score` reads it and scores it as
        # the simulator's game.
        browser.evaluate("document.getElementById('download').click()")
        name = browser.wait_download()
        assert browser.problems(own=[origin]) == ([], []), browser.stderr()[-2000:]
    record = json.loads((downloads / name).read_text(encoding="utf-8"))
    assert record["format"] == "tricktally/1" and record["device"].startswith("web-")
    assert {k: record[k] for k in mine} == mine
    ours = tmp_path / "ref.json"
    ours.write_text(json.dumps(mine), encoding="utf-8")
    scored = [subprocess.run(CLI + ["score", str(f), "--json"], capture_output=True, text=True, timeout=60)
              for f in (downloads / name, ours)]
    assert scored[0].returncode == 0, scored[0].stderr
    assert json.loads(scored[0].stdout) == json.loads(scored[1].stdout)
    assert json.loads(scored[0].stdout)["hands"]  # hand 1 was scored


def test_a_damaged_stored_flash_is_kept_aside_and_the_board_starts_empty(site, tmp_path):
    ref = SimBoard(str(tmp_path / "ref-flash"), serial=False)
    with _opened(site) as (origin, browser, page):
        page.press("Enter")
        browser.evaluate("localStorage.setItem('tricktally-flash/1', '{\"files\": {\"x\": \"not base64!\"}}')")
        page.open(reload=True)
        status = browser.evaluate("document.getElementById('status').textContent")
        kept = browser.evaluate("Object.keys(localStorage).filter(k => k.includes('unreadable'))")
        assert len(kept) == 1 and kept[0] in status and "could not be read" in status
        assert browser.evaluate("localStorage.getItem(%s)" % json.dumps(kept[0])).startswith('{"files": {"x"')
        assert page.frame() == bytes(ref.bus.gddram)  # a fresh board's home menu
        assert page.press("Enter") == [("ok", 1)]
        assert browser.problems(own=[origin]) == ([], [])


def test_keys_typed_into_the_games_list_are_not_the_boards(site):
    with _opened(site) as (origin, browser, page):
        for key in ("Enter", "ArrowUp", "Enter"):  # a game: the list has one
            page.press(key)
        count = len(page.events())
        browser.evaluate("document.getElementById('games').focus()")
        browser.key(hold=0.3, **key_event("ArrowDown"))
        time.sleep(0.2)
        assert len(page.events()) == count
        browser.evaluate("document.activeElement.blur()")
        assert page.press("ArrowDown") == [("down", 1)]
        assert browser.problems(own=[origin]) == ([], [])


def test_a_second_tab_does_not_start_a_second_board_on_the_same_flash(site):
    with _opened(site) as (origin, browser, page):
        pipe = browser.pipe
        target = pipe.send("Target.createTarget", {"url": origin + "board/"})["targetId"]
        other = pipe.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]

        def status():
            reply = pipe.send("Runtime.evaluate", {"expression": "document.getElementById('status') && "
                              "[document.getElementById('status').textContent, window.tricktally.ready]",
                                                  "returnByValue": True}, session=other)
            return reply["result"].get("value")

        for _ in range(500):
            seen = status()
            if seen and "another tab" in seen[0]:
                break
            time.sleep(0.02)
        assert seen == ["The board is already open in another tab of this browser: use that one.", False]
        assert page.press("Enter") == [("ok", 1)]  # the first tab's board goes on


def test_the_folder_holds_the_deploy_plan_compiled_for_the_port(site):
    _, folder = site
    table = json.loads((folder / "firmware.json").read_text())
    paths = [f["path"] for f in table["files"]]
    assert paths == sorted([f.target for f in deploy.plan()] + ["webboard.mpy"])
    blob = (folder / "firmware.bin").read_bytes()
    assert sum(f["size"] for f in table["files"]) == len(blob)
    for f in table["files"]:
        data = blob[f["offset"]:f["offset"] + f["size"]]
        if f["path"].endswith(".mpy"):
            assert data[:2] == b"M\x06" and data[3] <= 31, f["path"]
    port = REPO / "node_modules" / web_build.PORT_NAME
    for name in web_build.PORT_FILES:
        assert (folder / name).read_bytes() == (port / name).read_bytes()
    # Everything the page loads is in the folder, by a relative URL.
    for name in web_build.PAGE_FILES:
        text = (folder / name).read_text(encoding="utf-8")
        for outside in ("http:", "https:", "//cdn", 'src="/', 'href="/', "from \"/", "@import"):
            assert outside not in text, (name, outside)
    assert "default-src 'self'" in (folder / "index.html").read_text(encoding="utf-8")


def test_the_port_loads_the_mpy_version_the_build_checks():
    script = ("import { loadMicroPython } from '@micropython/micropython-webassembly-pyscript';"
              "const mp = await loadMicroPython({stdout: (l) => console.log(l)});"
              "mp.runPython('import sys; print(sys.implementation._mpy, sys.maxsize)');")
    proc = subprocess.run(["node", "--input-type=module", "-e", script], cwd=REPO, capture_output=True, text=True,
                          timeout=60)
    assert proc.returncode == 0, proc.stderr[-500:]
    mpy, maxsize = [int(x) for x in proc.stdout.split()]
    assert mpy & 0xFF == web_build.MPY_VERSION
    assert maxsize == 2 ** web_build.SMALL_INT_BITS - 1  # a 32-bit port: 31-bit small ints


def test_a_mpy_the_port_cannot_load_is_refused_with_its_name(tmp_path):
    bad = tmp_path / "x.mpy"
    bad.write_bytes(b"M\x05\x00\x1f" + b"\x00" * 8)
    with pytest.raises(web_build.BuildError, match="x.mpy is not a .mpy file the WebAssembly port loads"):
        web_build.check_mpy(bad)
    wide = tmp_path / "y.mpy"
    wide.write_bytes(b"M\x06\x00\x3f")  # 63-bit small ints: a 64-bit build's
    with pytest.raises(web_build.BuildError, match="y.mpy"):
        web_build.check_mpy(wide)


def test_the_keys_are_the_terminal_simulators(site):
    _, folder = site
    table = json.loads((folder / "keys.json").read_text())
    assert table["Enter"] == ["ok", False] and table[" "] == ["ok", False] and table["O"] == ["ok", True]
    assert table["Backspace"] == ["back", False] and table["Escape"] == ["back", False]
    assert table["B"] == ["back", True] and table["U"] == ["back", True]
    assert table["ArrowUp"] == ["up", False] and table["Shift+ArrowLeft"] == ["left", True]
    assert [table[c] for c in "wasd"] == [["up", False], ["left", False], ["down", False], ["right", False]]
    assert "q" not in table and "x" not in table  # quit is the terminal's; unknown keys do nothing


def test_a_wiring_that_does_not_compile_is_refused_in_one_line_naming_it(tmp_path):
    for folder in ("shared", "firmware", "web"):
        shutil.copytree(REPO / folder, tmp_path / folder)
    (tmp_path / "web" / "webboard.py").write_text("x = (\n")
    with pytest.raises(web_build.BuildError) as caught:
        web_build.stage_firmware(tmp_path / "out", root=tmp_path)
    assert str(caught.value).startswith("mpy-cross refused ") and "webboard.py" in str(caught.value)
    assert "\n" not in str(caught.value) and "SyntaxError" in str(caught.value)


def test_without_the_port_the_build_says_how_to_get_it(tmp_path):
    (tmp_path / "package.json").write_text((REPO / "package.json").read_text())
    with pytest.raises(web_build.BuildError, match=r"not installed: run `make npm`"):
        web_build.build(tmp_path / "out", root=tmp_path)
    assert not (tmp_path / "out").exists()


def test_the_panel_decodes_as_the_simulators_bus(tmp_path):
    # Random SSD1306 traffic (every addressing mode, windows, contrast,
    # power, Co=1 control bytes) through the page's panel (in Node.js) and
    # the simulator's bus: the same RAM and state.
    import random

    rnd = random.Random(25)
    transfers = []
    for _ in range(400):
        kind = rnd.random()
        if kind < 0.3:
            cmds = rnd.choice([[0x20, rnd.randrange(3)], [0x21, rnd.randrange(128), rnd.randrange(128)],
                               [0x22, rnd.randrange(8), rnd.randrange(8)], [0x81, rnd.randrange(256)],
                               [0xAE | rnd.randrange(2)], [0xA6 | rnd.randrange(2)], [0xA4 | rnd.randrange(2)],
                               [0xB0 | rnd.randrange(8), rnd.randrange(16), 0x10 | rnd.randrange(8)]])
            transfers.append(bytes([0x00] + cmds))
        elif kind < 0.4:
            transfers.append(bytes([0x80, 0xB0 | rnd.randrange(8), 0xC0, rnd.randrange(256)]))
        else:
            transfers.append(bytes([0x40] + [rnd.randrange(256) for _ in range(rnd.randrange(1, 300))]))
    bus = SimI2C()
    for t in transfers:
        bus.writeto(0x3C, t)
    data = tmp_path / "transfers.json"
    data.write_text(json.dumps([t.hex() for t in transfers]))
    script = ("import fs from 'node:fs'; import { Panel } from %s;"
              "const p = new Panel(); for (const t of JSON.parse(fs.readFileSync(%s, 'utf8'))) p.writeHex(t);"
              "console.log(JSON.stringify({ram: p.hex(), contrast: p.contrast, on: p.on, inverted: p.inverted,"
              " entire: p.entireOn}));" % (json.dumps((REPO / "web" / "panel.mjs").as_uri()), json.dumps(str(data))))
    proc = subprocess.run(["node", "--input-type=module", "-e", script], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr[-500:]
    page = json.loads(proc.stdout)
    assert page == {"ram": bytes(bus.gddram).hex(), "contrast": bus.contrast, "on": bus.on,
                    "inverted": bus.inverted, "entire": bus.entire_on}
    assert len(set(bus.gddram)) > 100 and ({op for op, _ in bus.commands} >= {0x20, 0x21, 0x22, 0x81})


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_sim_web_builds_and_serves_the_folder_until_ctrl_c(tmp_path):
    port = _free_port()
    out = tmp_path / "web"
    proc = subprocess.Popen(CLI + ["sim", "--web", "--web-port", str(port), "--web-out", str(out)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        lines = [proc.stdout.readline(), proc.stdout.readline()]
        url = "http://127.0.0.1:%d/" % port
        assert lines[1].strip() == "the board is at %s (Ctrl-C stops the server)" % url, lines
        with urllib.request.urlopen(url) as answer:
            assert b"<canvas id=\"oled\"" in answer.read()
        with urllib.request.urlopen(url + "micropython.wasm") as answer:
            assert answer.headers["Content-Type"] == "application/wasm"
        # The port is taken now: a second server says so in one line.
        again = subprocess.run(CLI + ["sim", "--web", "--web-port", str(port), "--web-out", str(out)],
                               capture_output=True, text=True, timeout=60)
        assert again.returncode == 1
        assert again.stderr.startswith("error: cannot serve on 127.0.0.1:%d" % port) and again.stderr.count("\n") == 1
    finally:
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=20) == 0
        proc.stdout.close()
        proc.stderr.close()
    assert sorted(os.listdir(out)) == sorted(web_build.PAGE_FILES + web_build.PORT_FILES
                                             + ("firmware.bin", "firmware.json", "keys.json"))


def test_sim_web_refuses_the_terminal_options():
    proc = subprocess.run(CLI + ["sim", "--web", "--headless"], capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert proc.stderr == "error: --web serves the board in a browser: it takes no --headless, --screenshot or --import\n"
