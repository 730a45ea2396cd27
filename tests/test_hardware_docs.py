# SPDX-License-Identifier: MIT
"""hardware/README.md and the wiring SVGs agree with the board files; every
board file is documented; tools/draw_wiring.py --check passes; the freezing
manifest covers the device code."""

import importlib.util
import pathlib
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tallyboard import boards
from tallyboard.buttons import NAMES

REPO = pathlib.Path(__file__).resolve().parent.parent
HW = REPO / "hardware"
README = HW / "README.md"
SVG = {"pico": HW / "wiring-pico.svg", "esp32": HW / "wiring-esp32.svg"}
# Which drawing and table documents each board file.
DOC_FOR = {"pico": "pico", "pico2": "pico", "picow": "pico", "pico2w": "pico", "esp32": "esp32"}


def load_tool():
    spec = importlib.util.spec_from_file_location("draw_wiring", REPO / "tools" / "draw_wiring.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def readme_table(key):
    text = README.read_text(encoding="utf-8")
    m = re.search(r"<!-- wiring:%s .*?-->\n(.*?)<!-- /wiring:%s -->" % (key, key), text, re.S)
    assert m, "no wiring table for %s in hardware/README.md" % key
    rows = []
    for line in m.group(1).strip().split("\n")[2:]:
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        assert len(cells) == 4, line
        rows.append(cells)
    return rows


def gpio(label):
    """GPIO number in a header label: GP10 -> 10, IO21 -> 21."""
    m = re.fullmatch(r"(?:GP|IO)(\d+)", label)
    assert m, "not a GPIO label: %r" % label
    return int(m.group(1))


def pico_physical(n):
    # GP0..GP15 run down the left side with a GND every fifth pin (3, 8, 13, 18).
    assert 0 <= n < 16, "this check knows only the left side (GP0..GP15), not GP%d" % n
    return n + 1 + (n + 2) // 4


def test_every_board_file_is_known_and_documented():
    files = sorted(p.stem for p in (REPO / "firmware" / "tallyboard" / "boards").glob("*.py") if p.stem != "__init__")
    assert files == sorted(boards.BOARDS)
    assert sorted(DOC_FOR) == sorted(boards.BOARDS)
    text = README.read_text(encoding="utf-8")
    for name in boards.BOARDS:
        assert "`%s.py`" % name in text, "hardware/README.md does not mention %s.py" % name
    tool = load_tool()
    covered = sorted(n for layout in tool.LAYOUTS for n in layout.boards)
    assert covered == sorted(boards.BOARDS)


@pytest.mark.parametrize("name", boards.BOARDS)
def test_readme_table_matches_the_board_file(name):
    board = boards.load(name)
    rows = readme_table(DOC_FOR[name])
    by_part = {(r[0], r[1]): r for r in rows}
    assert gpio(by_part[("OLED", "SDA")][3]) == board.SDA
    assert gpio(by_part[("OLED", "SCL")][3]) == board.SCL
    assert by_part[("OLED", "VCC")][3].startswith("3V3")
    assert by_part[("OLED", "GND")][3] == "GND"
    buttons = {r[0].split()[1].lower(): r for r in rows if r[0].startswith("button ")}
    assert sorted(buttons) == sorted(NAMES)
    for b in NAMES:
        assert gpio(buttons[b][3]) == board.BUTTON_PINS[b], b
    assert by_part[("every button", "leg 2")][3] == "GND"
    if DOC_FOR[name] == "pico":
        # The physical pin numbers, from the Pico's header layout.
        assert int(by_part[("OLED", "SDA")][2]) == pico_physical(board.SDA)
        assert int(by_part[("OLED", "SCL")][2]) == pico_physical(board.SCL)
        for b in NAMES:
            assert int(buttons[b][2]) == pico_physical(board.BUTTON_PINS[b])
        assert by_part[("OLED", "VCC")][2] == "36"
        assert int(by_part[("OLED", "GND")][2]) in (3, 8, 13, 18, 23, 28, 33, 38)
    else:
        assert all(re.fullmatch(r"J[23]-\d+", r[2]) for r in rows)


def svg_wires(path):
    root = ET.parse(path).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    wires = {}
    for g in root.iter(ns + "g"):
        if g.get("class") == "wire":
            wires[g.get("data-to")] = g.get("data-from")
    return root, wires


@pytest.mark.parametrize("name", boards.BOARDS)
def test_svg_matches_the_board_file(name):
    board = boards.load(name)
    root, wires = svg_wires(SVG[DOC_FOR[name]])
    assert gpio(wires["OLED SDA"]) == board.SDA
    assert gpio(wires["OLED SCL"]) == board.SCL
    assert wires["OLED VCC"].startswith("3V3")
    assert wires["OLED GND"] == "GND"
    for b in NAMES:
        assert gpio(wires["button " + b.upper()]) == board.BUTTON_PINS[b], b
    assert wires["button GND rail"].startswith("GND ")
    text = SVG[DOC_FOR[name]].read_text(encoding="utf-8")
    assert "I2C address 0x%02X" % board.OLED_ADDR in text


def test_svg_and_table_agree():
    for key in SVG:
        _, wires = svg_wires(SVG[key])
        for part, pin, phys, label in readme_table(key):
            if part == "every button":
                assert wires["button GND rail"] == "%s %s" % (label, phys)
            else:
                assert wires[part if part.startswith("button") else "%s %s" % (part, pin)] == label


def test_draw_wiring_check_reports_up_to_date():
    proc = subprocess.run([sys.executable, str(REPO / "tools" / "draw_wiring.py"), "--check"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "up to date" in proc.stdout


def test_draw_wiring_catches_a_stale_picture_and_redraws_it(tmp_path, monkeypatch, capsys):
    tool = load_tool()
    for f in list(SVG.values()) + [README]:
        shutil.copy(f, tmp_path / f.name)
    monkeypatch.setattr(tool, "HARDWARE", tmp_path)
    monkeypatch.setattr(tool, "README", tmp_path / "README.md")
    monkeypatch.setattr(tool, "REPO", tmp_path.parent)
    assert tool.main(["--check"]) == 0
    # A pin moves in the board file: the picture and the table are stale.
    monkeypatch.setitem(boards.load("pico").BUTTON_PINS, "up", 9)
    assert tool.main(["--check"]) == 1
    assert "wiring-pico.svg" in capsys.readouterr().out
    assert tool.main([]) == 0
    _, wires = svg_wires(tmp_path / "wiring-pico.svg")
    assert wires["button UP"] == "GP9"
    assert "| button UP | leg 1 | 12 | GP9 |" in (tmp_path / "README.md").read_text(encoding="utf-8")
    assert tool.main(["--check"]) == 0


def test_manifest_freezes_the_device_code_but_not_main():
    calls = []
    env = {
        "include": lambda path, **kw: calls.append(("include", path, None)),
        "package": lambda path, files=None, base_path=".", opt=None: calls.append(("package", path, base_path)),
        "module": lambda path, base_path=".", opt=None: calls.append(("module", path, base_path)),
    }
    manifest = REPO / "firmware" / "manifest.py"
    exec(compile(manifest.read_text(encoding="utf-8"), str(manifest), "exec"), env)
    assert ("include", "$(PORT_DIR)/boards/manifest.py", None) in calls
    packages = [(REPO / "firmware" / base / path).resolve() for kind, path, base in calls if kind == "package"]
    assert sorted(p.name for p in packages) == ["tallyboard", "tricktally"]
    assert not [c for c in calls if c[0] == "module"]  # main.py stays on the flash
    frozen = set()
    for p in packages:
        frozen |= set(p.rglob("*.py"))
    device = set((REPO / "shared").rglob("*.py")) | set((REPO / "firmware").rglob("*.py"))
    left = sorted(p.relative_to(REPO).as_posix() for p in device - frozen)
    assert left == ["firmware/main.py", "firmware/manifest.py"]
