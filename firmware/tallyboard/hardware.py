# SPDX-License-Identifier: MIT
"""Wire a real board: the only module that imports ``machine``.

    from tallyboard import hardware
    display, buttons = hardware.setup('pico')   # or a board module
"""

from tallyboard.boards import REQUIRED, load
from tallyboard.buttons import NAMES, Buttons
from tallyboard.display import Display


def _active_low(pin):
    # Buttons pull the pin to ground: pressed reads 0.
    value = pin.value
    return lambda: value() == 0


def check_board(board):
    """Raise ValueError naming what a board module lacks."""
    missing = [k for k in REQUIRED if not hasattr(board, k)]
    if missing:
        raise ValueError("board %r lacks %s" % (getattr(board, "NAME", board), ", ".join(missing)))
    absent = [n for n in NAMES if n not in board.BUTTON_PINS]
    if absent:
        raise ValueError("board %s has no pin for button(s) %s" % (board.NAME, ", ".join(absent)))


def setup(board, clock_ms=None):
    """Open the board's I2C bus, OLED and buttons: ``(display, buttons)``.

    ``board`` is a board module or its name (tallyboard.boards.BOARDS);
    ``clock_ms`` defaults to ``time.ticks_ms``.
    """
    import machine

    if isinstance(board, str):
        board = load(board)
    check_board(board)
    if clock_ms is None:
        import time

        clock_ms = time.ticks_ms
    i2c = machine.I2C(board.I2C_ID, sda=machine.Pin(board.SDA), scl=machine.Pin(board.SCL), freq=board.I2C_FREQ)
    display = Display(i2c, board.OLED_ADDR)
    sources = {}
    for name in NAMES:
        pin = machine.Pin(board.BUTTON_PINS[name], machine.Pin.IN, machine.Pin.PULL_UP)
        sources[name] = _active_low(pin)
    return display, Buttons(sources, clock_ms)
