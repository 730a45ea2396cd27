# SPDX-License-Identifier: MIT
"""`tricktally sim`: run the board's firmware on the PC."""

import sys

import click

from tricktally_host import sim_port
from tricktally_host.sim.board import SimBoard
from tricktally_host.sim.run import Screenshots, end_on_signals, headless, terminal
from tricktally_host.web.serve import DEFAULT_PORT


@click.command("sim")
@click.option("--headless", is_flag=True, help="No screen: read buttons from stdin (one per line: ok, up, long back, wait 60, battery 2.2, quit) and print each screen: a 'screen:' line, then a 'text:' line per text row ('text:>' when inverted).")
@click.option("--flash", "flash", default=sim_port.FLASH, show_default=True, type=click.Path(file_okay=False), help="Folder holding the board's files (games survive restarts).")
@click.option("--screenshot", "shots", default=None, type=click.Path(file_okay=False), help="Save a PNG each time the picture changes (a new screen, a cursor move) into this folder, as runNNN-NNN-SCREEN.png: a new run number each run, nothing overwritten.")
@click.option("--scale", default=4, show_default=True, type=click.IntRange(1, 16), help="Screenshot scale.")
@click.option("--run-seconds", default=None, type=click.FloatRange(min=0), help="Headless: keep serving the serial link this long even after stdin ends (0: until killed).")
@click.option("--no-serial", is_flag=True, help="Do not open a pseudo-terminal for the serial link (the board is then on batteries: after 30 idle minutes it goes into its deepest sleep).")
@click.option("--seed", default=None, type=int, help="Seed for the random first dealer.")
@click.option("--import", "imports", multiple=True, type=click.Path(exists=True, dir_okay=False), help="Put the game of this tricktally/1 record file on the flash before starting (repeatable).")
@click.option("--web", is_flag=True, help="Serve the board in a browser page instead: the firmware on MicroPython's WebAssembly port (needs `make npm`). Prints the address; Ctrl-C stops.")
@click.option("--web-port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(0, 65535), help="With --web: the port on 127.0.0.1 (the browser keeps the games per address: keep the same one).")
@click.option("--open", "open_browser", is_flag=True, help="With --web: open the page in the default browser.")
@click.option("--web-out", default=None, type=click.Path(file_okay=False), help="With --web: build the page's static folder here (default build/web in the repository); it works on any static host.")
@click.option("--battery", "battery", default=None, type=click.FloatRange(0, 6), help="Simulated supply in volts for the battery gauge (two AA cells: 3.0 full, 2.3 low, 2.1 critical); headless lines 'battery VOLTS' and 'wait SECONDS' change it and let time pass.")
def command(headless, flash, shots, scale, run_seconds, no_serial, seed, imports, web, web_port, open_browser, web_out, battery):
    """Run the board firmware in the terminal (or headless), the keyboard as
    its six buttons and the OLED drawn as large as the terminal holds:
    Braille dots (2x4 pixels a character) from 66x21, so in 80x24; half
    blocks (two pixel rows a character) from 130x37, so in 132x40; each
    pixel two cells wide and one high from 258x69. The picture follows a
    resize. The serial port is linked as FLASH/serial while it runs, where
    `tricktally sync` finds it. With --web, the board in a browser page."""
    if web:
        if headless or shots or imports:
            raise click.UsageError("--web serves the board in a browser: it takes no --headless, --screenshot or --import")
        from tricktally_host.web.command import serve_board

        sys.exit(serve_board(web_port, open_browser, web_out))
    if imports:
        from tricktally_host.importer import RecordError, import_into_folder

        try:
            import_into_folder(imports, flash)
        except (RecordError, OSError) as e:
            raise click.UsageError("cannot import: %s" % e)  # one line, exit status 2
    end_on_signals()
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
