# SPDX-License-Identifier: MIT
"""The director's password of a club night, kept as a salted scrypt hash
(``scrypt$N$r$p$SALT$HASH``, hex): the database never holds the password."""

import hashlib
import hmac
import secrets

_N, _R, _P = 2**14, 8, 1
_SALT_BYTES = 16
# Longer passwords are refused rather than hashed: a form post of megabytes
# must not cost the hub seconds of scrypt.
MAX_PASSWORD = 1024


def _check(password):
    if not isinstance(password, str) or not password:
        raise ValueError("a director's password is needed")
    if len(password) > MAX_PASSWORD:
        raise ValueError("a director's password is at most %d characters" % MAX_PASSWORD)
    return password.encode("utf-8", "surrogatepass")


def hash_password(password):
    """The stored form of ``password`` (a fresh salt each time)."""
    salt = secrets.token_bytes(_SALT_BYTES)
    digest = hashlib.scrypt(_check(password), salt=salt, n=_N, r=_R, p=_P)
    return "scrypt$%d$%d$%d$%s$%s" % (_N, _R, _P, salt.hex(), digest.hex())


def password_matches(stored, password):
    """True when ``password`` is the one ``stored`` (from hash_password)
    was made from; False for anything else, a malformed ``stored`` too."""
    try:
        raw = _check(password)
        kind, n, r, p, salt, digest = stored.split("$")
        if kind != "scrypt":
            return False
        got = hashlib.scrypt(raw, salt=bytes.fromhex(salt), n=int(n), r=int(r), p=int(p))
    except (ValueError, AttributeError):
        return False
    return hmac.compare_digest(got.hex(), digest)
