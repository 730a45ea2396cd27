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

    board = _board(board)
    if clock_ms is None:
        import time

        clock_ms = time.ticks_ms
    display = Display(i2c_bus(board), board.OLED_ADDR)
    sources = {}
    for name in NAMES:
        pin = machine.Pin(board.BUTTON_PINS[name], machine.Pin.IN, machine.Pin.PULL_UP)
        sources[name] = _active_low(pin)
    return display, Buttons(sources, clock_ms)


def _board(board):
    if isinstance(board, str):
        board = load(board)
    check_board(board)
    return board


def i2c_bus(board):
    """The board's I2C bus to the OLED (``machine.I2C``), from a board module
    or its name. The device tests on a board wrap it to count bytes."""
    import machine

    board = _board(board)
    return machine.I2C(board.I2C_ID, sda=machine.Pin(board.SDA), scl=machine.Pin(board.SCL), freq=board.I2C_FREQ)
