# SPDX-License-Identifier: MIT
"""The links of a board enrolled in a club (docs/CLUB.md): the USB link as
ever, and the hub's over Wi-Fi, served together by the app's loop.

firmware/main.py makes a ``ClubLink`` only for an enrolled board that has a
radio. The stream to the hub (tallyboard.tcpstream) is kept from boot; the
hub's link itself (tallyboard.hublink: the serial link's server, its seals,
SEAT) is loaded when the hub first speaks, as the USB link is when the PC
does: a board whose hub is off keeps only the stream in RAM.
"""

class ClubLink:
    """``poll()`` and ``idle(wait)`` for the app (tallyboard.app.App):
    ``usb`` the USB link (or None), ``stream`` the hub's stream,
    ``make(stream)`` the hub's link, built on the hub's first bytes."""

    def __init__(self, usb, stream, make):
        self.usb = usb
        self.stream = stream
        self.make = make
        self.hub = None

    def poll(self):
        """Serve the PC on USB and the hub; never blocks. True if any byte
        arrived."""
        got = self.usb.poll() if self.usb is not None else False
        hub = self.hub
        if hub is not None:
            return hub.poll() or got
        stream = self.stream
        stream.step()
        data = stream.read_available()
        if not data:
            return got
        # (The home menu's preloaded form stays: unlike the PC's sync at
        # home, the hub's link stays for the games, whose own heap is the
        # highest; the press that opens the form then loads nothing.)
        hub = self.hub = self.make(stream)
        hub.reader.feed(data)
        hub.poll()
        return True

    def idle(self, wait):
        """The last word of a pass of the app's loop (App.work): the hub
        hears of new records; returns the ms the loop may sleep, at most
        ``wait`` (None: no limit of its own)."""
        if self.hub is not None:
            wait = self.hub.idle(wait)
        mine = self.stream.wait_ms()
        return mine if wait is None or mine < wait else wait


def start(app, club, device_id, firmware_version, usb, sockets=None, up=None, watch=None, random_bytes=None,
          ticks_ms=None, backoff=None):
    """The ClubLink of ``app`` for enrollment ``club``
    (tallyboard.enrollment.load), beside ``usb``. ``sockets``, ``up``,
    ``watch``: the stream's (tallyboard.tcpstream); ``random_bytes(n)``
    (default os.urandom) makes the session's nonces; ``ticks_ms`` the
    stream's clock (default the app's); ``backoff`` its first wait after
    a failure (ms)."""
    from tallyboard.tcpstream import TcpStream

    if random_bytes is None:
        from os import urandom as random_bytes
    stream = TcpStream(club["host"], club["port"], ticks_ms or app.clock.ticks_ms, sockets, up, watch,
                       backoff=backoff or 1000)
    key = club["key"]

    def make(stream):
        from tallyboard.hublink import HubLink

        return HubLink(app, stream, key, device_id, firmware_version, random_bytes)

    return ClubLink(usb, stream, make)
