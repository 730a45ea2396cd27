# SPDX-License-Identifier: MIT
"""web/webboard.py, the page's board wiring, on CPython with a clock the
test moves (the browser test, test_web_board.py, runs it on the
WebAssembly port in chromium): a long press lets go by itself once the
firmware's driver reported it; the board's deepest sleep turns it off
until a button boots it, which resumes the game; the panel's address; the
flash's room; the board's id kept on its flash."""

import importlib.util
import pathlib

import pytest

from tallyboard.buttons import NAMES
from tallyboard.clock import Clock

WIRING = pathlib.Path(__file__).resolve().parents[2] / "web" / "webboard.py"


@pytest.fixture(scope="module")
def webboard():
    spec = importlib.util.spec_from_file_location("webboard", WIRING)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Ticks:
    """Milliseconds that move only when told."""

    def __init__(self):
        self.now = 0

    def __call__(self):
        return self.now


def _board(webboard, tmp_path, ticks):
    return webboard.Board(lambda n: 0, str(tmp_path / "flash"), Clock(ticks_ms=ticks, time=lambda: 1_800_000_000))


def _where(app):
    # The screen and the entry the game waits for.
    g = app.game
    return (type(app.screen).__name__, g.NAME, g.hand_number, g.kind, g.seat)


def _press(board, ticks, name, long=False, after_ms=100):
    i = NAMES.index(name)
    board.down(i, long)
    board.step()
    board.buttons.up(i)
    for _ in range(200):
        ticks.now += 20
        board.step()
        if not board.buttons.busy():
            break
    ticks.now += after_ms
    return board.buttons.take()


def test_a_long_press_lets_go_after_the_drivers_long_event(webboard, tmp_path):
    ticks = Ticks()
    board = _board(webboard, tmp_path, ticks)
    assert _press(board, ticks, "ok") == "ok 1"  # the new-game form
    assert _press(board, ticks, "back", long=True) == "back 1;back 2"
    assert not board.buttons.busy() and board.buttons.levels == bytearray(6)
    assert _press(board, ticks, "down", long=True) == "down 1;down 3"  # up and down repeat instead
    # A plain press held by the page repeats until let go.
    i = NAMES.index("up")
    board.down(i)
    for _ in range(50):
        ticks.now += 20
        board.step()
    board.buttons.up(i)
    for _ in range(10):
        ticks.now += 20
        board.step()
    events = board.buttons.take().split(";")
    assert events[0] == "up 1" and len(events) > 3 and set(events[1:]) == {"up 3"}


def test_the_deepest_sleep_turns_the_board_off_until_a_button_boots_it(webboard, tmp_path):
    ticks = Ticks()
    board = _board(webboard, tmp_path, ticks)
    for name in ("ok", "up", "ok", "ok"):  # a game, and a bid entered
        _press(board, ticks, name)
    screen = _where(board.app)
    assert screen == ("NumberEntry", "spades", 1, "bid", screen[4])
    board.bus.take()
    while True:
        wait = board.step()
        if board.power.deep_asleep:
            break
        assert wait > 0, "the board asks for no later pass while idle"
        ticks.now += wait
    assert ticks.now >= 30 * 60 * 1000 and board.step() == -1
    assert "00ae" in board.bus.take().split("\n")[-1]  # the display's last command: off
    old_app = board.app
    board.down(NAMES.index("ok"))  # wakes: a boot, and that press does no more
    assert board.app is not old_app and _where(board.app) == screen
    assert "00ae" in board.bus.take()  # the display's power-up sequence


def test_the_bus_answers_only_at_the_panels_address(webboard):
    bus = webboard.PanelBus()
    assert bus.writeto(0x3C, b"\x00\xaf") == 2 and bus.take() == "00af" and bus.take() == ""
    with pytest.raises(OSError):
        bus.writeto(0x3D, b"\x00\xaf")


def test_the_flash_reports_its_room_and_keeps_the_boards_id(webboard, tmp_path):
    ticks = Ticks()
    board = _board(webboard, tmp_path, ticks)
    made = board.device_id
    assert made == "web-00000000"  # the rng's numbers
    used = sum((tmp_path / "flash" / name).stat().st_size for name in board.flash.listdir())
    assert board.flash.free() == webboard.FLASH_BYTES - used
    again = webboard.Board(lambda n: 7, str(tmp_path / "flash"), Clock(ticks_ms=ticks))
    assert again.device_id == made  # kept: one flash, one board
