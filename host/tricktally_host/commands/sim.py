# SPDX-License-Identifier: MIT
"""`tricktally sim`: run the board's firmware on the PC."""

import sys

import click

from tricktally_host.sim.board import SimBoard
from tricktally_host.sim.run import Screenshots, headless, terminal


@click.command("sim")
@click.option("--headless", is_flag=True, help="No screen: read buttons from stdin (one per line: ok, up, long back, wait 60, battery 2.2, quit) and print each screen: a 'screen:' line, then a 'text:' line per text row ('text:>' when inverted).")
@click.option("--flash", "flash", default="sim-flash", show_default=True, type=click.Path(file_okay=False), help="Folder holding the board's files (games survive restarts).")
@click.option("--screenshot", "shots", default=None, type=click.Path(file_okay=False), help="Save a PNG of every new screen into this folder.")
@click.option("--scale", default=4, show_default=True, type=click.IntRange(1, 16), help="Screenshot scale.")
@click.option("--run-seconds", default=None, type=click.FloatRange(min=0), help="Headless: keep serving the serial link this long even after stdin ends (0: until killed).")
@click.option("--no-serial", is_flag=True, help="Do not open a pseudo-terminal for the serial link (the board is then on batteries: after 30 idle minutes it goes into its deepest sleep).")
@click.option("--seed", default=None, type=int, help="Seed for the random first dealer.")
@click.option("--import", "imports", multiple=True, type=click.Path(exists=True, dir_okay=False), help="Put the game of this tricktally/1 record file on the flash before starting (repeatable).")
@click.option("--battery", "battery", default=None, type=click.FloatRange(0, 6), help="Simulated supply in volts for the battery gauge (two AA cells: 3.0 full, 2.3 low, 2.1 critical); headless lines 'battery VOLTS' and 'wait SECONDS' change it and let time pass.")
def command(headless, flash, shots, scale, run_seconds, no_serial, seed, imports, battery):
    """Run the board firmware in the terminal (or headless), with the OLED
    drawn in block characters and the keyboard as its six buttons."""
    if imports:
        from tricktally_host.importer import RecordError, import_into_folder

        try:
            import_into_folder(imports, flash)
        except (RecordError, OSError) as e:
            raise click.ClickException("cannot import: %s" % e)
    board = SimBoard(flash, serial=not no_serial, seed=seed, battery=battery, read_text=headless)
    shooter = Screenshots(board, shots, scale)
    try:
        if headless:
            code = _headless(board, shooter, run_seconds)
        else:
            if not sys.stdin.isatty():
                raise click.UsageError("the terminal simulator needs a terminal; use --headless for scripts")
            code = terminal(board, shooter)
    finally:
        board.close()
    sys.exit(code)


def _headless(board, shooter, run_seconds):
    seconds = run_seconds
    if seconds == 0:
        seconds = float("inf")
    return headless(board, sys.stdin, sys.stdout, shooter, seconds)
