# SPDX-License-Identifier: MIT
"""The hardware smoke test on simulated hardware: a SimI2C display, buttons
pressed on cue by smoke.Presser, MemFS/OsFS; and the faults it must catch."""

import errno
import sys
import types

from tallyboard import smoke
from tallyboard.buttons import NAMES, Buttons
from tallyfakes.fake_clock import FakeClock
from tallyboard.display import Display
from tallyboard.fs import OsFS
from tallyfakes.memfs import MemFS
from tallyfakes.simbus import SimI2C


class Rig:
    """Simulated board for one smoke run; ``lines`` collects the output and
    ``pattern`` the panel as it was when the display check reported."""

    def __init__(self, fs=None, bus=None, **faults):
        self.clock = FakeClock(start_ms=1000)
        self.lines = []
        self.pattern = None
        self.bus = bus or SimI2C()
        self.display = Display(self.bus)
        self.presser = smoke.Presser(self.clock, echo=self._echo, **faults)
        self.sources = self.presser.sources()
        self.fs = fs if fs is not None else MemFS(capacity=256 * 1024)

    def _echo(self, line):
        self.lines.append(line)
        if line.startswith(("PASS display", "FAIL display")):
            self.pattern = self.bus.rows()

    def run(self, **kw):
        buttons = Buttons(self.sources, self.clock.ticks_ms)
        return smoke.run(self.display, buttons, self.fs, self.clock, out=self.presser.out, sleep_ms=self.clock.advance, **kw)

    def result(self, results, check):
        (hit,) = [r for r in results if r[0] == check]
        return hit


def checks():
    return ["display"] + ["button " + n for n in NAMES] + ["flash"]


def test_all_good_passes_every_check():
    rig = Rig()
    ok, results = rig.run()
    assert ok
    assert [r[0] for r in results] == checks()
    assert all(r[1] for r in results)
    # One PASS line per check, then the summary, in that order.
    verdicts = [line for line in rig.lines if line.startswith(("PASS ", "FAIL "))]
    assert verdicts == ["PASS %s: %s" % (c, d) for c, _, d in results]
    assert rig.lines[-1] == "SMOKE: PASS (8 checks)"
    # Each button was asked for, in order.
    prompts = [line.split()[1] for line in rig.lines if line.startswith("Press ")]
    assert prompts == [n.upper() for n in NAMES]
    # The test file is gone again.
    assert smoke.TEST_FILE not in rig.fs.listdir()


def test_display_check_draws_the_pattern_and_counts_bytes():
    rig = Rig()
    ok, results = rig.run()
    _, passed, detail = rig.result(results, "display")
    assert passed
    full, update = [int(w) for w in detail.split() if w.isdigit()][:2]
    assert full == 8 * (4 + 1 + 128)  # each page whole: page/column commands, control byte, its bytes
    assert 0 < update < full
    rows = rig.pattern
    # The frame on the outermost pixels, the cross through the middle.
    assert rows[0] == "#" * 128 and rows[63] == "#" * 128
    assert all(r[0] == "#" and r[127] == "#" for r in rows)
    assert rows[40][int(40 * 127 / 63)] == "#"
    # ... and text was drawn (lit pixels inside the cleared band).
    assert sum(r[6:100].count("#") for r in rows[5:25]) > 100
    # At the end the panel shows the verdict, and is not left inverted.
    assert not rig.bus.inverted and rig.bus.on


def test_dead_button_fails_alone():
    rig = Rig(dead=("left",))
    ok, results = rig.run(timeout_ms=2000)
    assert not ok
    failed = [r for r in results if not r[1]]
    assert [r[0] for r in failed] == ["button left"]
    assert "no press within 2 s" in failed[0][2]
    assert rig.lines[-1] == "SMOKE: FAIL (1 of 8 checks failed: button left)"


def test_crossed_wires_name_the_button_that_answered():
    rig = Rig(wrong={"ok": "back"})
    ok, results = rig.run(timeout_ms=2000)
    assert not ok
    assert rig.result(results, "button ok")[1:] == (False, "no press within 2 s (pressed instead: back)")
    assert rig.result(results, "button back")[1]


def test_stuck_button_is_reported_without_waiting():
    rig = Rig(stuck=("down",))
    start = rig.clock.now
    ok, results = rig.run(timeout_ms=5000)
    assert not ok
    check, passed, detail = rig.result(results, "button down")
    assert not passed and "pressed before being touched" in detail
    # No 5 s wait was spent on it: five presses, each under a second.
    assert rig.clock.now - start < 5 * 1000


def test_two_buttons_on_one_wire():
    rig = Rig()
    rig.sources["down"] = rig.sources["up"]  # both pins see the UP switch
    ok, results = rig.run(timeout_ms=1000)
    assert not ok
    assert rig.result(results, "button up")[1:] == (False, "pressing up also pressed down: pins shorted together?")
    assert not rig.result(results, "button down")[1]


def test_display_that_naks_fails_and_the_rest_still_runs():
    rig = Rig()
    rig.bus.addr = 0x3D  # the module stopped answering at 0x3C
    ok, results = rig.run()
    assert not ok
    check, passed, detail = rig.result(results, "display")
    assert not passed
    assert "I2C error" in detail and "0x3c" in detail
    assert all(r[1] for r in results if r[0] != "display")


class ScanBus(SimI2C):
    """A bus that can be scanned, as machine.I2C can."""

    def scan(self):
        return [self.addr]


def test_scan_names_what_answers_instead():
    rig = Rig(bus=ScanBus(addr=0x3C))
    ok, results = rig.run()
    assert ok
    assert "(I2C devices: 0x3c)" in rig.result(results, "display")[2]
    rig = Rig(bus=ScanBus(addr=0x3C))
    rig.bus.addr = 0x3D  # e.g. the module's address jumper is on 0x3D
    ok, results = rig.run()
    assert rig.result(results, "display")[1:] == (
        False,
        "nothing answers at 0x3c (I2C devices: 0x3d): check SDA/SCL, power, and OLED_ADDR in the board file",
    )


class ReadOnlyFS(MemFS):
    """A store that refuses every write, like a flash mounted read-only."""

    def _write(self, op, name, data=None):
        raise OSError(errno.EROFS, "read-only file system")


def test_read_only_flash_fails():
    rig = Rig(fs=ReadOnlyFS(capacity=1 << 20))
    ok, results = rig.run()
    assert not ok
    check, passed, detail = rig.result(results, "flash")
    assert not passed and detail.startswith("write failed") and "read-only" in detail


class LyingFS(MemFS):
    """A store that loses the last byte of each file (a bad flash)."""

    def read(self, name):
        return MemFS.read(self, name)[:-1]


def test_flash_that_reads_back_wrong_fails():
    rig = Rig(fs=LyingFS())
    ok, results = rig.run()
    assert rig.result(results, "flash")[1:] == (False, "read back differs from what was written")


def test_flash_low_on_space_fails_and_unknown_space_passes():
    rig = Rig(fs=MemFS(capacity=20 * 1024))
    ok, results = rig.run()
    assert rig.result(results, "flash")[1:] == (False, "works, but only 20 KiB free (the journal wants 32 KiB)")
    rig = Rig(fs=MemFS())
    ok, results = rig.run()
    assert ok and "free space unknown" in rig.result(results, "flash")[2]


def test_min_free_matches_the_journal():
    from tallyboard.journal.files import LOW_SPACE

    assert smoke.MIN_FREE == LOW_SPACE


def test_osfs_on_disk_passes(tmp_path):
    (tmp_path / "game-1.tj").write_bytes(b"keep me")
    rig = Rig(fs=OsFS(str(tmp_path)))
    ok, results = rig.run()
    assert ok, results
    assert "KiB free" in rig.result(results, "flash")[2]
    # The maker's games are untouched; the test file is gone.
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game-1.tj"]


def test_missing_parts_fail_their_checks():
    clock = FakeClock()
    lines = []
    ok, results = smoke.run(None, None, MemFS(), clock, out=lines.append, sleep_ms=clock.advance)
    assert not ok
    assert [r[0] for r in results if not r[1]] == checks()[:-1]


# -- main(): the board path, with a fake `machine` ---------------------------

class FakePin:
    IN = 0
    PULL_UP = 1

    def __init__(self, n, mode=None, pull=None):
        self.n = n

    def value(self):
        return 1  # nobody presses: every button times out


def fake_machine(monkeypatch, oled_addr):
    class FakeI2C:
        def __init__(self, ident, sda, scl, freq):
            self.sim = SimI2C(addr=oled_addr)

        def writeto(self, addr, buf):
            return self.sim.writeto(addr, buf)

    machine = types.ModuleType("machine")
    machine.Pin = FakePin
    machine.I2C = FakeI2C
    monkeypatch.setitem(sys.modules, "machine", machine)


def test_main_opens_the_board_hardware(monkeypatch, tmp_path):
    fake_machine(monkeypatch, 0x3C)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "board.txt").write_text("esp32\n")
    lines = []
    ok, results = smoke.main(out=lines.append, timeout_ms=30, flash_dir=str(tmp_path / "data"))
    assert lines[0] == "board: esp32"
    assert [r[0] for r in results] == checks()
    assert rig_verdicts(results) == {"display": True, "flash": True, "buttons": False}
    assert not ok


def test_main_without_an_oled_reports_it(monkeypatch, tmp_path):
    fake_machine(monkeypatch, 0x3D)
    monkeypatch.chdir(tmp_path)
    lines = []
    ok, results = smoke.main(board="pico", out=lines.append, timeout_ms=30, flash_dir=str(tmp_path / "data"))
    assert not ok
    assert "hardware setup failed" in results[0][2] and "OLED_ADDR" in results[0][2]
    assert all("buttons not tested" in r[2] for r in results[1:-1])
    assert results[-1][:2] == ("flash", True)


def rig_verdicts(results):
    out = {"display": None, "flash": None, "buttons": None}
    for check, ok, _ in results:
        key = "buttons" if check.startswith("button ") else check
        out[key] = ok if out[key] is None else (out[key] and ok)
    return out


def test_run_without_hardware_opens_the_board(monkeypatch):
    calls = []
    monkeypatch.setattr(smoke, "main", lambda **kw: calls.append(kw) or (True, []))
    assert smoke.run(timeout_ms=20) == (True, [])
    assert calls == [{"out": print, "timeout_ms": 20}]
