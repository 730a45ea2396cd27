# SPDX-License-Identifier: MIT
"""The club's Wi-Fi, on a board that has a radio: a board file with
``WIFI = True`` (the Pico W, the Pico 2 W, the ESP32; tallyboard.boards).
A board without one has nothing here to do: it plays as ever and syncs
over USB.

``Wifi.up()`` is asked by the hub's stream (tallyboard.tcpstream) before
each connect; it never waits. The first call turns the radio on and asks
the access point to let the board in (``network.WLAN.connect`` returns at
once, the radio joins in the background); while the board is not in, it
asks again every RETRY_MS (an access point restarted, a board carried out
of range and back).
"""

from tallyboard.buttons import ticks_diff

RETRY_MS = 15000


class Wifi:
    """The station interface on network ``ssid`` (``password`` empty for
    an open network); ``ticks_ms`` the board's tick; ``network`` the
    module (default: MicroPython's ``network``)."""

    def __init__(self, ssid, password, ticks_ms, network=None):
        self.ssid = ssid
        self.password = password
        self.ticks = ticks_ms
        self._network = network
        self._wlan = None
        self._asked = None

    def up(self):
        """True once the board is on the network; never waits."""
        wlan = self._wlan
        if wlan is None:
            network = self._network
            if network is None:
                import network
            wlan = self._wlan = network.WLAN(network.STA_IF)
            wlan.active(True)
        if wlan.isconnected():
            return True
        now = self.ticks()
        if self._asked is None or ticks_diff(now, self._asked) > RETRY_MS:
            self._asked = now
            wlan.connect(self.ssid, self.password or None)
        return False
