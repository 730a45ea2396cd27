# SPDX-License-Identifier: MIT
"""Enrolling a board in a club over USB (``tricktally club enroll``,
docs/CLUB.md): a fresh key for the board, recorded in the club's database
and written to the board's flash with the hub's address and the club's
Wi-Fi (the link's ENROLL request), both or neither.

The board never looks a name up (a lookup can block it), so a hub given by
name is looked up here, once, and the board keeps the address.
"""

import ipaddress
import secrets
import socket

from tricktally_host.club.listener import DEFAULT_PORT


class EnrollError(ValueError):
    """What is wrong with an enrollment's input, in one line (never the
    password or the key)."""


def parse_hub(text):
    """``(host, port)`` of ``HOST[:PORT]`` (port DEFAULT_PORT when omitted)."""
    text = (text or "").strip()
    host, sep, port = text.rpartition(":")
    if not sep:
        host, port = text, str(DEFAULT_PORT)
    if not host or " " in host or len(host) > 253:
        raise EnrollError("--hub %r is not HOST[:PORT]" % text[:80])
    if not port.isdigit() or not 1 <= int(port) <= 65535:
        raise EnrollError("--hub %r: the port is a number 1..65535" % text[:80])
    return host, int(port)


def numeric(host, port):
    """The IPv4 address of ``host`` (itself when it is one), looked up on
    this PC; EnrollError when there is none."""
    try:
        return str(ipaddress.IPv4Address(host))
    except ValueError:
        pass
    try:
        found = socket.getaddrinfo(host, port, socket.AF_INET, socket.SOCK_STREAM)
    except (OSError, UnicodeError) as e:
        raise EnrollError("the hub %r has no IPv4 address this PC can find (%s): give its address" % (host[:80], e)) from e
    return found[0][4][0]


def check_wifi(ssid, password):
    """Raise EnrollError unless the board would take this Wi-Fi name
    (1 to 32 bytes) and password (8 to 63 characters, or none)."""
    if not 1 <= len(ssid.encode("utf-8", "surrogatepass")) <= 32:
        raise EnrollError("a Wi-Fi name (--ssid) is 1 to 32 bytes")
    if password and not 8 <= len(password) <= 63:
        raise EnrollError("a Wi-Fi password is 8 to 63 characters, or empty for an open network")
    for text in (ssid, password):
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            raise EnrollError("the Wi-Fi name and password must be valid text") from None


def enroll(client, db, host, port, ssid, password):
    """Enroll the board behind ``client`` (a LinkClient) in the club of
    ``db``: a fresh key, kept in the database and on the board (the
    database's row is committed only once the board has taken it).
    Returns the board's device id."""
    check_wifi(ssid, password)
    device = client.hello()["device"]
    key = secrets.token_hex(32)
    with db.transaction():
        db.set_board_key(device, key)
        client.enroll(host, port, ssid, password, key)
    return device
