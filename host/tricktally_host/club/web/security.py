# SPDX-License-Identifier: MIT
"""The director's password, sessions and CSRF tokens, and the checked
reading of a posted form (docs/CLUB.md, "The hub: running a night").

Sessions live in the hub's memory, so logging out ends one for good (a
copied cookie is refused after it) and a restarted hub asks for the
password again. Every form a session posts carries that session's CSRF
token; the login form carries a token signed with the hub's secret.
"""

import hmac
import secrets
import time
import urllib.parse

from tricktally_host.club import passwords
from tricktally_host.safe_text import unsafe

COOKIE = "tricktally_director"
# A director's session ends after this long without a request.
IDLE = 12 * 3600
# The most a form may hold: a night's players fit many times over.
FORM_BYTES = 16 * 1024
FORM_FIELDS = 40


class Refused(Exception):
    """A request refused: ``status`` (400, 403, 413, 415) and one line saying why."""

    def __init__(self, status, message):
        super().__init__(message)
        self.status = status


def read_password_file(path):
    """The director's password: the first line of file ``path``. ValueError
    (one line) when the file cannot be read or the password is too short."""
    try:
        with open(path, encoding="utf-8") as f:
            password = f.readline().rstrip("\r\n")
    except (OSError, UnicodeDecodeError) as e:
        raise ValueError("cannot read the director's password from %s: %s" % (path, getattr(e, "strerror", e) or e))
    if len(password) < 8:
        raise ValueError("the director's password in %s is shorter than 8 characters" % path)
    return password


class Password:
    """The director's password. A night the director creates keeps its
    hash (club.passwords), so a hub process started with the same
    password acts on it too."""

    def __init__(self, password):
        self._password = password
        self._hash = passwords.hash_password(password)

    def check(self, given):
        """True when ``given`` is the password (scrypt, constant-time compare)."""
        return passwords.password_matches(self._hash, given)

    def for_night(self):
        """The password a new night is created with."""
        return self._password


class Sessions:
    """The director's sessions: id -> CSRF token, in memory."""

    def __init__(self, clock=time.monotonic):
        self.clock = clock
        self._secret = secrets.token_bytes(32)
        self._live = {}  # id -> [csrf, last used]

    def open(self):
        """A new session: ``(id, csrf)``."""
        self._forget_idle()
        sid, csrf = secrets.token_urlsafe(32), secrets.token_urlsafe(32)
        self._live[sid] = [csrf, self.clock()]
        return sid, csrf

    def csrf(self, sid):
        """The CSRF token of live session ``sid``, else None (never opened,
        logged out, or idle too long)."""
        entry = self._live.get(sid or "")
        if entry is None:
            return None
        if self.clock() - entry[1] > IDLE:
            del self._live[sid]
            return None
        entry[1] = self.clock()
        return entry[0]

    def close(self, sid):
        """End session ``sid`` (its cookie is refused from now on)."""
        self._live.pop(sid or "", None)

    def _forget_idle(self):
        now = self.clock()
        for sid in [s for s, (_c, last) in self._live.items() if now - last > IDLE]:
            del self._live[sid]

    def login_token(self):
        """A token for the login form (it has no session yet)."""
        nonce = secrets.token_urlsafe(16)
        return nonce + "." + hmac.new(self._secret, nonce.encode(), "sha256").hexdigest()

    def login_token_ok(self, token):
        """True when ``token`` was made by this hub's ``login_token``."""
        nonce, _, mac = (token or "").partition(".")
        return bool(nonce) and same(mac, hmac.new(self._secret, nonce.encode(), "sha256").hexdigest())


def same(given, expected):
    """True when token ``given`` is ``expected`` (constant time)."""
    return isinstance(given, str) and hmac.compare_digest(given.encode(), expected.encode())


async def read_form(request):
    """The urlencoded form ``request`` posted, as ``{name: value}``. Refused
    (one line) when it is not urlencoded, too big, not UTF-8, malformed, or
    names a field twice."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind not in ("application/x-www-form-urlencoded", ""):
        raise Refused(415, "a form is sent as application/x-www-form-urlencoded, not %r" % kind[:60])
    said = request.headers.get("content-length", "")
    if said.isdigit() and int(said) > FORM_BYTES:
        raise Refused(413, "the form is larger than %d bytes" % FORM_BYTES)
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > FORM_BYTES:
            raise Refused(413, "the form is larger than %d bytes" % FORM_BYTES)
    if body and not kind:
        raise Refused(415, "a form is sent as application/x-www-form-urlencoded, not without a type")
    try:
        text = body.decode("utf-8")
        pairs = urllib.parse.parse_qsl(text, keep_blank_values=True, strict_parsing=bool(text),
                                       max_num_fields=FORM_FIELDS, errors="strict")
    except UnicodeDecodeError:
        raise Refused(400, "the form is not UTF-8 text")
    except ValueError as e:
        raise Refused(400, "the form is malformed: %s" % str(e)[:80])
    form = {}
    for name, value in pairs:
        if name in form:
            raise Refused(400, "the form names field %r twice" % name[:40])
        form[name] = value
    return form


def text(form, name, longest, required=True, lines=False):
    """Field ``name`` of ``form``, trimmed: at most ``longest`` characters,
    no control or hidden character (newlines allowed when ``lines``).
    Refused (400) otherwise, or when required and empty."""
    value = form.get(name, "").strip()
    if required and not value:
        raise Refused(400, "%s is required" % name)
    if len(value) > longest:
        raise Refused(400, "%s is longer than %d characters" % (name, longest))
    allowed = "\r\n" if lines else ""
    if any(unsafe(ch) and ch not in allowed for ch in value):
        raise Refused(400, "%s has a control or hidden character" % name)
    return value


def number(form, name, low, high):
    """Field ``name`` of ``form`` as a whole number in low..high; Refused (400) otherwise."""
    value = form.get(name, "").strip()
    if not (value.isascii() and value.isdigit() and len(value) <= 6 and low <= int(value) <= high):
        raise Refused(400, "%s is a whole number from %d to %d, not %r" % (name, low, high, value[:20]))
    return int(value)


def choice(form, name, options):
    """Field ``name`` of ``form``, one of ``options``; Refused (400) otherwise."""
    value = form.get(name, "")
    if value not in options:
        raise Refused(400, "%s is one of %s, not %r" % (name, ", ".join(options), value[:20]))
    return value
