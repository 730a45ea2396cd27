# SPDX-License-Identifier: MIT
"""The hub's moving parts beside the pages: the database, worked from a
few threads (each with its own connection: the database code blocks), the
board listener's events handed to the event loop, and the watchers of each
night's live pages (Server-Sent Events).

A watcher gets a night's fragments (standings, tables) again whenever
they change. The hub looks for change every ``poll`` seconds (the games
table's count and newest sync, the night's rounds and corrections: USB
syncs and another hub process write the same database) and at once when
its own listener stored a game or the director acted here; then renders
the fragments and sends those that differ from what was sent.
"""

import asyncio
import concurrent.futures
import contextlib
import logging
import threading

log = logging.getLogger("tricktally.club")

# Watchers at once (a club's phones and screens, with room to spare); more
# are turned away rather than let one visitor tie up the hub.
MAX_WATCHERS = 500
# Fragments waiting for one slow watcher: the newest matter, older ones go.
QUEUE = 8
# Fragments are rendered again at least this often, for what time alone
# changes (a table falls silent).
REFRESH = 5.0


class Watcher:
    """One live page: its night, language and queue of ``(kind, html)``."""

    def __init__(self, night_id, lang, shown):
        self.night_id = night_id
        self.lang = lang
        self.shown = dict(shown)  # kind -> the html the page has now
        self.queue = asyncio.Queue(QUEUE)

    def put(self, item):
        """Queue ``(kind, html)`` (None: the end), dropping the oldest when full."""
        if self.queue.full():
            with contextlib.suppress(asyncio.QueueEmpty):
                self.queue.get_nowait()
        self.queue.put_nowait(item)

    def offer(self, fragments):
        """Queue the fragments that differ from what the page shows."""
        for kind, html in fragments.items():
            if self.shown.get(kind) != html:
                self.shown[kind] = html
                self.put((kind, html))


class Live:
    """The database pool, listener events and watchers of one hub process.

    ``database``: a callable giving a new Database. ``mark(db, night_id)``
    says what a change looks like (any value; compared for equality);
    ``fragments(db, night_id, lang)`` renders ``{kind: html}``; both run on
    the pool's threads."""

    def __init__(self, database, mark, fragments, workers=4, poll=0.5):
        self.database = database
        self.mark = mark
        self.fragments = fragments
        self.poll = poll
        self.loop = None
        self.watchers = set()
        self.events = []  # the listener's latest events, newest last
        self._local = threading.local()
        self._opened = []
        self._opened_lock = threading.Lock()
        self._pool = concurrent.futures.ThreadPoolExecutor(max_workers=workers, thread_name_prefix="tricktally-hub")
        self._wake = None
        self._task = None
        self._seen = {}  # (night, lang) -> (mark, {kind: html}, when rendered)

    # ----- the database, from the pool's threads -----------------------------------

    def _db(self):
        db = getattr(self._local, "db", None)
        if db is None:
            db = self._local.db = self.database()
            with self._opened_lock:
                self._opened.append(db)
        return db

    async def run(self, work, *args):
        """``work(db, *args)`` on a pool thread with that thread's Database; its result."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._pool, lambda: work(self._db(), *args))

    # ----- starting and stopping -----------------------------------------------------

    async def start(self):
        """Start looking for change (in the running loop)."""
        self.loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._task = asyncio.create_task(self._watch())

    async def stop(self):
        """Stop looking, end every watcher's stream, close the connections."""
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        for watcher in list(self.watchers):
            watcher.put(None)
        self._pool.shutdown(wait=True)
        with self._opened_lock:
            opened, self._opened = self._opened, []
        for db in opened:
            with contextlib.suppress(Exception):
                db.close()

    # ----- change ------------------------------------------------------------------------

    def changed(self):
        """Look for change now (the director acted, the listener stored)."""
        if self._wake is not None:
            self._wake.set()

    def board_event(self, event):
        """The listener's ``on_event``: called from a board's thread."""
        if self.loop is not None and not self.loop.is_closed():
            self.loop.call_soon_threadsafe(self._board_event, event)

    def _board_event(self, event):
        event = {k: v for k, v in event.items() if k != "record"}
        self.events = (self.events + [event])[-50:]
        if event["event"] in ("stored", "connected", "disconnected"):
            self.changed()

    def watch(self, night_id, lang, shown):
        """A new Watcher of ``night_id`` in ``lang`` whose page shows
        ``shown`` ({kind: html}); None when there are too many."""
        if len(self.watchers) >= MAX_WATCHERS:
            return None
        watcher = Watcher(night_id, lang, shown)
        self.watchers.add(watcher)
        self.changed()
        return watcher

    def unwatch(self, watcher):
        """``watcher``'s page has gone."""
        self.watchers.discard(watcher)

    async def _watch(self):
        while True:
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self._wake.wait(), self.poll)
            self._wake.clear()
            try:
                await self._look()
            except Exception:  # noqa: BLE001 - a database hiccup must not end live pages for good
                log.exception("looking for change failed")

    async def _look(self):
        wanted = {(w.night_id, w.lang) for w in self.watchers}
        for key in [k for k in self._seen if k not in wanted]:
            del self._seen[key]
        marks = {}
        for night_id, lang in sorted(wanted):
            if night_id not in marks:
                marks[night_id] = await self.run(self.mark, night_id)
            old = self._seen.get((night_id, lang))
            now = self.loop.time()
            if old is not None and old[0] == marks[night_id] and now - old[2] < REFRESH:
                continue
            fresh = await self.run(self.fragments, night_id, lang)
            if fresh is None:
                continue  # the night is gone (another hub's database was replaced?)
            self._seen[(night_id, lang)] = (marks[night_id], fresh, now)
            for w in list(self.watchers):
                if w.night_id == night_id and w.lang == lang:
                    w.offer(fresh)
