# SPDX-License-Identifier: MIT
"""The hub's web app (Starlette): the night's pages for everyone, read
only, and the director's page behind the password (docs/CLUB.md, "The
hub: running a night").

``make_app(database, password)`` builds it; ``tricktally club serve``
serves it with uvicorn and runs the board listener beside it, in the
same process (its events reach the pages through ``Live``). Every page is
rendered here (pages.py), in the request's language (words.py); the only
script is the hub's own live.js (the live pages' Server-Sent Events).
"""

import asyncio
import contextlib
import logging

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from tricktally_host.club.web import pages, security, views
from tricktally_host.club.web.live import Live
from tricktally_host.club.web.security import COOKIE, Refused, read_form
from tricktally_host.club.web.words import pick, words

# A watcher's stream says it is alive this often (a proxy or a phone
# would drop a silent connection).
HEARTBEAT = 15.0
# What the boards should show and have on their roster is read again this often.
ORDERS_EVERY = 5.0
_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; "
                               "frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "same-origin",
}
# The night's report is the season report's self-contained page (its
# style inline, no script): it keeps its own policy.
_REPORT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'"


def _lang(request):
    return pick(request.query_params.get("lang"), request.headers.get("accept-language"))


def _html(body, status=200, private=False, csp=None):
    headers = dict(_HEADERS)
    if csp:
        headers["Content-Security-Policy"] = csp
    headers["Cache-Control"] = "no-store" if private else "no-cache"
    return HTMLResponse(body, status_code=status, headers=headers)


def _night_id(request):
    return request.path_params["night"]


class Hub:
    """The app's state and handlers: the Live part (database, watchers),
    the director's sessions, the board listener (None: none here)."""

    def __init__(self, live, views, password, listener=None):
        self.orders = {}  # device -> {"seat", "names"} (views.current_orders)
        self.live = live
        self.views = views
        self.password = password
        self.sessions = security.Sessions()
        self.listener = listener

    # ----- for everyone ------------------------------------------------------------------

    async def home(self, request):
        lang = _lang(request)
        return _html(await self.live.run(self.views.home, lang))

    async def standings(self, request):
        lang = _lang(request)
        return _html(await self._night_page(self.views.standings_page, request, lang))

    async def tables(self, request):
        lang = _lang(request)
        return _html(await self._night_page(self.views.tables_page, request, lang))

    async def sheet(self, request):
        lang = _lang(request)
        round_no = request.query_params.get("round")
        if round_no is not None and not (round_no.isascii() and round_no.isdigit() and 1 <= int(round_no) <= 999):
            raise Refused(400, "round is a whole number from 1 to 999")
        table = request.path_params["table"]
        return _html(await self._night_page(self.views.sheet_page, request, lang, table,
                                            int(round_no) if round_no else None))

    async def _night_page(self, view, request, lang, *args):
        page = await self.live.run(view, _night_id(request), lang, *args)
        if page is None:
            raise HTTPException(404, words(lang)["no_such_night"])
        return page

    async def events(self, request):
        """The night's fragments as Server-Sent Events, as they change."""
        night_id, lang = _night_id(request), _lang(request)
        first = await self.live.run(self.views.fragments, night_id, lang)
        if first is None:
            raise HTTPException(404, words(lang)["no_such_night"])
        watcher = self.live.watch(night_id, lang, first)
        if watcher is None:
            raise HTTPException(503, "too many live pages are open: reload later")

        async def stream():
            try:
                yield "retry: 1000\n\n"
                for kind, html in first.items():
                    yield _event(kind, html)
                while True:
                    try:
                        item = await asyncio.wait_for(watcher.queue.get(), HEARTBEAT)
                    except asyncio.TimeoutError:
                        yield ": still here\n\n"
                        continue
                    if item is None:
                        return
                    yield _event(*item)
            finally:
                self.live.unwatch(watcher)

        headers = dict(_HEADERS, **{"Cache-Control": "no-store", "X-Accel-Buffering": "no"})
        return StreamingResponse(stream(), media_type="text/event-stream", headers=headers)

    # ----- the director ------------------------------------------------------------------

    def _session(self, request):
        """``(session id, csrf)`` of the request's live session, or (None, None)."""
        sid = request.cookies.get(COOKIE)
        csrf = self.sessions.csrf(sid)
        return (sid, csrf) if csrf else (None, None)

    async def _posted(self, request):
        """The form of a director's POST, once the session and its CSRF
        token are checked; Refused (403) otherwise."""
        sid, csrf = self._session(request)
        if sid is None:
            raise Refused(403, "log in on the director's page first (no session, or it ended)")
        form = await read_form(request)
        if not security.same(form.get("csrf", ""), csrf):
            raise Refused(403, words(_lang(request))["form_stale"])
        return form

    async def director(self, request):
        lang = _lang(request)
        _sid, csrf = self._session(request)
        if csrf is None:
            return _html(pages.login_page(words(lang), lang, self.sessions.login_token()), private=True)
        note = request.query_params.get("done") == "1"
        return _html(await self.live.run(self.views.director_home, lang, csrf, note), private=True)

    async def login(self, request):
        lang = _lang(request)
        form = await read_form(request)
        if not self.sessions.login_token_ok(form.get("csrf", "")):
            raise Refused(403, words(lang)["form_stale"])
        ok = await asyncio.get_running_loop().run_in_executor(None, self.password.check, form.get("password", ""))
        if not ok:
            await asyncio.sleep(0.5)  # a guess costs time
            return _html(pages.login_page(words(lang), lang, self.sessions.login_token(), wrong=True), status=403,
                         private=True)
        sid, _csrf = self.sessions.open()
        response = RedirectResponse("/director?lang=%s" % lang, status_code=303)
        response.set_cookie(COOKIE, sid, httponly=True, samesite="strict", path="/")
        return response

    async def logout(self, request):
        sid, _csrf = self._session(request)
        await self._posted(request)
        self.sessions.close(sid)
        response = RedirectResponse("/director?lang=%s" % _lang(request), status_code=303)
        response.delete_cookie(COOKIE, path="/")
        return response

    async def director_night(self, request):
        lang = _lang(request)
        _sid, csrf = self._session(request)
        if csrf is None:
            return RedirectResponse("/director?lang=%s" % lang, status_code=303)
        note = request.query_params.get("done") == "1"
        page = await self.live.run(self.views.director_night, _night_id(request), lang, csrf, note,
                                   self._board_status())
        if page is None:
            raise HTTPException(404, words(lang)["no_such_night"])
        return _html(page, private=True)

    def seats_of(self, device):
        """The listener's ``seats``: the seat board ``device`` should show, or None."""
        return self.orders.get(device, {}).get("seat")

    def rosters_of(self, device):
        """The listener's ``rosters``: the names board ``device`` should have, or None."""
        return self.orders.get(device, {}).get("names")

    def _board_status(self):
        return self.listener.status() if self.listener is not None else {}

    async def cards(self, request):
        return await self._director_get(request, self.views.cards_page)

    async def report(self, request):
        lang = _lang(request)
        if self._session(request)[1] is None:
            return RedirectResponse("/director?lang=%s" % lang, status_code=303)
        page = await self.live.run(self.views.report_page, _night_id(request), lang)
        if page is None:
            raise HTTPException(404, words(lang)["no_such_night"])
        return _html(page, private=True, csp=_REPORT_CSP)

    async def _director_get(self, request, view):
        lang = _lang(request)
        if self._session(request)[1] is None:
            return RedirectResponse("/director?lang=%s" % lang, status_code=303)
        round_no = request.query_params.get("round")
        if round_no is not None and not (round_no.isascii() and round_no.isdigit() and 1 <= int(round_no) <= 999):
            raise Refused(400, "round is a whole number from 1 to 999")
        page = await self.live.run(view, _night_id(request), lang, int(round_no) if round_no else None)
        if page is None:
            raise HTTPException(404, words(lang)["no_such_night"])
        return _html(page, private=True)

    async def act(self, request):
        """A director's POST: create, assign, start, end, amend."""
        form = await self._posted(request)
        action = request.path_params.get("action", "create")
        night_id = request.path_params.get("night")
        lang = _lang(request)
        try:
            outcome = await self.live.run(self.views.act, action, night_id, form, self.password.for_night())
        except ValueError as e:
            raise Refused(400, str(e))
        if outcome is None:
            raise HTTPException(404, words(lang)["no_such_night"])
        self.live.changed()
        orders = outcome.get("orders")
        if orders and self.listener is not None:
            self._send_orders(orders)
        where = "/director/night/%d" % outcome["night"]
        return RedirectResponse("%s?lang=%s&done=1" % (where, lang), status_code=303)

    def _send_orders(self, orders):
        # Where each table's winner goes, and the round's names at the board's table.
        for device, order in orders.items():
            if order.get("seat"):
                self.listener.send_seat(device, *order["seat"])
            if order.get("names"):
                self.listener.send_roster(device, order["names"])

    async def keep_orders(self):
        """Keep what the boards should show and have on their roster (from
        the database: the other hub process may have started the round)
        for the listener's ``seats`` and ``rosters``, every few seconds."""
        while True:
            try:
                self.orders = await self.live.run(self.views.current_orders)
            except Exception:  # noqa: BLE001 - a database hiccup must not stop the orders for good
                logging.getLogger("tricktally.club").exception("reading the boards' orders failed")
            await asyncio.sleep(ORDERS_EVERY)


def _event(kind, html):
    # One "data:" line per line of the fragment (SSE's framing).
    return "event: %s\n%s\n\n" % (kind, "".join("data: %s\n" % line for line in html.split("\n")))


def _refused(request, exc):
    lang = _lang(request)
    return _html(pages.refusal_page(words(lang), lang, exc.status, str(exc)), status=exc.status, private=True)


def _http_error(request, exc):
    lang = _lang(request)
    headers = dict(_HEADERS, **(exc.headers or {}))
    if exc.status_code == 405:
        return PlainTextResponse("405: this page is read-only (%s is not allowed here)\n" % request.method,
                                 status_code=405, headers=headers)
    return Response(pages.refusal_page(words(lang), lang, exc.status_code, exc.detail), status_code=exc.status_code,
                    headers=headers, media_type="text/html")


def make_app(database, password, listener=None, poll=0.5, workers=4):
    """The hub's ASGI app over ``database`` (a callable giving a new
    Database); ``password`` is the director's (a security.Password);
    ``listener`` a BoardListener to start (unless started already) and
    stop with the app (None: none). ``app.state.hub`` is the Hub."""
    live = Live(database, views.change_mark, views.fragments, workers=workers, poll=poll)
    hub = Hub(live, views, password, listener)
    if listener is not None:
        listener.on_event = live.board_event
        listener.seats = hub.seats_of
        listener.rosters = hub.rosters_of

    @contextlib.asynccontextmanager
    async def lifespan(app):
        await live.start()
        orders = None
        if listener is not None:
            if listener.address is None:  # not started by its owner (serve starts it first)
                await asyncio.get_running_loop().run_in_executor(None, listener.start)
            orders = asyncio.create_task(hub.keep_orders())
        try:
            yield
        finally:
            if listener is not None:
                orders.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await orders
                await asyncio.get_running_loop().run_in_executor(None, listener.stop)
            await live.stop()

    night = "/night/{night:int}"
    director = "/director/night/{night:int}"
    routes = [
        Route("/", hub.home),
        Route(night, hub.standings),
        Route(night + "/events", hub.events),
        Route(night + "/tables", hub.tables),
        Route(night + "/table/{table:int}", hub.sheet),
        Route("/director", hub.director),
        Route("/director/login", hub.login, methods=["POST"]),
        Route("/director/logout", hub.logout, methods=["POST"]),
        Route("/director/night", hub.act, methods=["POST"]),
        Route(director, hub.director_night),
        Route(director + "/cards", hub.cards),
        Route(director + "/report", hub.report),
        Route(director + "/{action:str}", hub.act, methods=["POST"]),
        Mount("/static", StaticFiles(packages=[("tricktally_host.club.web", "static")]), name="static"),
    ]
    # Only a director's form is ever read (security.read_form, with its size limit).
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={Refused: _refused, HTTPException: _http_error})
    app.state.hub = hub
    return app
