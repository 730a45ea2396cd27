# SPDX-License-Identifier: MIT
"""Board entry point: wire the hardware, open the flash, run the app.

MicroPython runs this file at boot. The board is detected from the platform
(or named in ``board.txt`` on the flash); the serial link answers the PC on
USB while the game goes on, and a board with a radio that is enrolled in a
club sends its entries to the club's hub over Wi-Fi too (docs/CLUB.md).
"""

import os

from tallyboard import boards, hardware
from tallyboard.app import App, FIRMWARE_VERSION
from tallyboard.clock import Clock
from tallyboard.fs import OsFS

FLASH_DIR = "/data"


def _device_id():
    # The chip's unique id (hex), so the PC can tell boards apart.
    try:
        import machine
        import binascii

        return binascii.hexlify(machine.unique_id()).decode()
    except (ImportError, AttributeError):
        return "board"


def _rng():
    # No `random` on some ports: draw from os.urandom, else the tick counter.
    def rng(n):
        try:
            value = int.from_bytes(os.urandom(2), "little")
        except (AttributeError, NotImplementedError, OSError):
            import time

            value = time.ticks_us() if hasattr(time, "ticks_us") else int(time.time() * 1000000)
        return value % n

    return rng


def _flash():
    try:
        os.mkdir(FLASH_DIR)
    except OSError:
        pass  # already there
    return OsFS(FLASH_DIR)


def _link_factory(device_id, board):
    def make(app):
        usb = _usb_link(app, device_id)
        if not getattr(board, "WIFI", False):
            return usb
        return _club_link(app, device_id, usb)

    return make


def _usb_link(app, device_id):
    try:
        from tallyboard.usbstream import UsbStream
    except ImportError:
        return None
    from tallyboard.app import LinkOnDemand

    def link(stream):
        # Imported when the PC first sends a byte (RAM on the board).
        from tallyboard.link import Link

        return Link(stream, app.journal, app.config, app.clock, device_id, FIRMWARE_VERSION)

    return LinkOnDemand(UsbStream(), link)


def _club_link(app, device_id, usb):
    # A board with a radio, enrolled in a club (docs/CLUB.md): the hub's
    # link beside the USB one. Not enrolled: the USB link alone, as ever.
    from tallyboard import enrollment, unload

    club = enrollment.load(app.fs)
    unload("tallyboard.enrollment")
    if club is None:
        return usb
    from tallyboard import club as clubs
    from tallyboard.wifi import Wifi

    wifi = Wifi(club["ssid"], club["password"], app.clock.ticks_ms)
    return clubs.start(app, club, device_id, FIRMWARE_VERSION, usb, up=wifi.up, watch=app.power.watch)


def main():
    """Set up the board and run the app until interrupted."""
    board = boards.load(boards.configured())
    display, buttons = hardware.setup(board)
    power = hardware.BoardPower(board, buttons)
    device_id = _device_id()
    app = App(display, buttons, _flash(), Clock(), link=_link_factory(device_id, board), device_id=device_id, rng=_rng(),
              power=power)
    app.run()


if __name__ == "__main__":
    main()
