# SPDX-License-Identifier: MIT
"""The start of a session between a board and a club hub (docs/CLUB.md,
"Proving the key, both ways"): each side proves it holds the board's key,
and both draw the session's key from it. Shared by the board and the hub.

- ``proof(key, who, device, hub_nonce, board_nonce)``: what the board
  ("board") and the hub ("hub") each show for the two nonces of this
  session (64 hex digits);
- ``session_key(key, hub_nonce, board_nonce)``: the key that seals every
  frame of the session (tallyboard.seal);
- ``VERBS``: the board's answers to AUTH and PROVE (tallyboard.club loads
  this module when the hub sends AUTH and lets it go once the session is
  sealed: a game never keeps it).
"""

from binascii import hexlify
from sys import implementation

from tallyboard import frames, unload
from tallyboard.frames import FrameError
from tallyboard.seal import Seal, _hmac, _pads, same

NONCE_LEN = 32  # hex digits of a nonce (16 random bytes)


def hmac_sha256(key, msg):
    """HMAC-SHA256 of bytes ``msg`` under bytes ``key`` (32 bytes)."""
    return _hmac(_pads(key), msg)


def proof(key, who, device, hub_nonce, board_nonce):
    """What ``who`` ("board" or "hub") shows for this session: 64 hex digits."""
    text = "tricktally %s %s %s %s" % (who, device, hub_nonce, board_nonce)
    return hexlify(hmac_sha256(key, text.encode())).decode()


def session_key(key, hub_nonce, board_nonce):
    """The key that seals every frame of one session (32 bytes)."""
    return hmac_sha256(key, ("tricktally session %s %s" % (hub_nonce, board_nonce)).encode())


def auth(link, words):
    """AUTH HUB_NONCE for ``link`` (tallyboard.club.ClubLink): a fresh
    board nonce and the board's proof."""
    link._args(words, 1)
    hub = words[1]
    if len(hub) != NONCE_LEN or hub.strip(frames._HEX):
        raise FrameError("args", "the nonce is %d lower-case hex digits" % NONCE_LEN)
    board = hexlify(link.rng(NONCE_LEN // 2)).decode()
    link._nonces = (hub, board)
    return ["OK", board, proof(link._key, "board", link.device_id, hub, board)]


def prove(link, words):
    """PROVE HUB_PROOF for ``link``: right, and the session is sealed from
    the answer on (this module is let go); wrong, and the connection goes."""
    link._args(words, 1)
    nonces = link._nonces
    link._nonces = None
    if nonces is None:
        raise FrameError("auth", "send AUTH first")
    if not same(words[1], proof(link._key, "hub", link.device_id, nonces[0], nonces[1])):
        link._drop = True
        raise FrameError("auth", "wrong proof: this hub does not hold the board's key")
    link.seal = Seal(session_key(link._key, nonces[0], nonces[1]))
    link.stream.settled()
    if implementation.name == "micropython":
        unload("tallyboard.handshake")
    return ["OK"]


VERBS = {"AUTH": auth, "PROVE": prove}
