# SPDX-License-Identifier: MIT
"""The hardware smoke test on the real MicroPython VM with simulated
hardware: the same code the maker runs on the board, one good run and one
with a dead button, a silent display and a read-only flash."""

from tests.mpvm import run_micropython

SMOKE_VM = r'''
from tallyboard import smoke
from tallyboard.buttons import Buttons
from tallyfakes.fake_clock import FakeClock
from tallyboard.display import Display
from tallyfakes.memfs import MemFS
from tallyfakes.simbus import SimI2C

class ReadOnlyFS(MemFS):
    def _write(self, op, name, data=None):
        raise OSError(30, "read-only file system")

def rig(fs, dead=(), nak=False):
    clock = FakeClock(1000)
    bus = SimI2C()
    display = Display(bus)
    if nak:
        bus.addr = 0x3D
    presser = smoke.Presser(clock, echo=print, dead=dead)
    buttons = Buttons(presser.sources(), clock.ticks_ms)
    ok, results = smoke.run(display, buttons, fs, clock, out=presser.out, sleep_ms=clock.advance, timeout_ms=2000)
    print("RESULT", ok, [r[0] for r in results if not r[1]])
    return bus

bus = rig(MemFS(capacity=200000))
print("PANEL", bus.on, bus.inverted)
rig(ReadOnlyFS(), dead=("ok",), nak=True)
'''


def test_smoke_on_micropython():
    out = run_micropython(SMOKE_VM).strip().split("\n")
    results = [line for line in out if line.startswith("RESULT")]
    assert results == [
        "RESULT True []",
        "RESULT False ['display', 'button ok', 'flash']",
    ]
    good = out[: out.index("RESULT True []")]
    assert good[0] == "TrickTally smoke test"
    assert good[1].startswith("PASS display: 1064 bytes for the pattern, ")
    assert sum(1 for line in good if line.startswith("PASS button ")) == 6
    assert good[-2].startswith("PASS flash: write, read, append, remove work; 195 KiB free")
    assert good[-1] == "SMOKE: PASS (8 checks)"
    assert "PANEL True False" in out
    assert "FAIL button ok: no press within 2 s" in out
    assert any(line.startswith("FAIL display: I2C error") for line in out)
    assert any(line.startswith("FAIL flash: write failed: ") for line in out)
    assert out[-2] == "SMOKE: FAIL (3 of 8 checks failed: display, button ok, flash)"
