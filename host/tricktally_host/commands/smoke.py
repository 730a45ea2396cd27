# SPDX-License-Identifier: MIT
"""`tricktally smoke`: the board's hardware smoke test, run on the simulator.

The same tallyboard.smoke code the maker runs on the board, against the
simulator's parts: a simulated SSD1306 bus, the flash folder, and buttons
pressed on cue by simulated fingers on a simulated clock (so it takes no
time). ``--dead``/``--stuck``/``--swap`` rehearse the faults it reports.
"""

import sys

import click

from tallyboard import smoke
from tricktally_host.db import fail
from tallyboard.buttons import NAMES, Buttons
from tallyfakes.fake_clock import FakeClock
from tallyboard.display import Display
from tallyboard.fs import OsFS
from tallyfakes.simbus import SimI2C


def _swap(ctx, param, value):
    out = {}
    for pair in value:
        a, sep, b = pair.partition("=")
        if not sep or a not in NAMES or b not in NAMES:
            raise click.BadParameter("%r: give BUTTON=BUTTON, e.g. ok=back (buttons: %s)" % (pair, ", ".join(NAMES)))
        out[a] = b
    return out


@click.command("smoke")
@click.option("--flash", default="sim-flash", show_default=True, type=click.Path(file_okay=False), help="The simulator's flash folder (the test writes and removes one file there).")
@click.option("--dead", multiple=True, type=click.Choice(NAMES), help="Simulate a button that never closes (repeatable).")
@click.option("--stuck", multiple=True, type=click.Choice(NAMES), help="Simulate a button that is always closed (repeatable).")
@click.option("--swap", multiple=True, callback=_swap, metavar="ASKED=PRESSED", help="Simulate crossed wires: asking for ASKED presses PRESSED (repeatable).")
@click.option("--show", is_flag=True, help="Draw the test pattern the display check sent, in block characters.")
def command(flash, dead, stuck, swap, show):
    """Run the hardware smoke test against the simulated board; exit 1 if a
    check fails. On a real board: import tallyboard.smoke; tallyboard.smoke.run()"""
    clock = FakeClock()
    bus = SimI2C()
    display = Display(bus)
    pattern = []

    def echo(line):
        click.echo(line)
        if show and line.startswith(("PASS display", "FAIL display")):
            pattern.append(bytes(bus.gddram))

    fingers = smoke.Presser(clock, echo=echo, dead=dead, stuck=stuck, wrong=swap)
    buttons = Buttons(fingers.sources(), clock.ticks_ms)
    try:
        fs = OsFS(flash)
    except OSError as e:
        fail("cannot open the flash folder %s: %s" % (flash, e.strerror or e))
    ok, _ = smoke.run(display, buttons, fs, clock, out=fingers.out, sleep_ms=clock.advance)
    if pattern:
        from tricktally_host.sim.render import blocks

        click.echo("\n".join(blocks(pattern[0])))
    sys.exit(0 if ok else 1)
