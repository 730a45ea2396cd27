# SPDX-License-Identifier: MIT
"""The hub's pages as HTML text, from the night's data (no database, no
request here: views.py fetches, app.py answers). Every name and every
value that came from a board, a form or the database goes through
``html.escape``; the words are the request's language's (words.py).

A page is ``layout(...)`` around a body. The live pages' changing parts
are fragments (``standings_fragment``, ``tables_fragment``: one element
with that id) that the Server-Sent Events carry again as they change.
"""

import datetime
from html import escape
from urllib.parse import quote

from tricktally_host.report_i18n import LANGUAGES

GAMES = ("wizard", "spades", "hearts")
MOVEMENTS = ("progressive", "round_robin")


def _clock(seconds):
    """A moment as the hub's local time of day, HH:MM:SS."""
    if seconds is None:
        return None
    return datetime.datetime.fromtimestamp(seconds).strftime("%H:%M:%S")


def layout(w, lang, title, body, path, night=None, events=None, director=False):
    """A whole page: header (the hub, the night's pages, the director's,
    the languages) and ``body`` (HTML) in <main>; ``events``: the address
    of the page's live stream (then live.js is loaded)."""
    nav = ['<a href="/?lang=%s">%s</a>' % (lang, escape(w["nights"]))]
    if night is not None:
        base = "/night/%d" % night
        nav.append('<a href="%s?lang=%s">%s</a>' % (base, lang, escape(w["standings"])))
        nav.append('<a href="%s/tables?lang=%s">%s</a>' % (base, lang, escape(w["tables"])))
    nav.append('<a href="/director%s?lang=%s">%s</a>' % (
        "/night/%d" % night if director and night is not None else "", lang, escape(w["director"])))
    langs = "".join("<b>%s</b>" % code if code == lang else '<a href="%s?lang=%s" hreflang="%s">%s</a>' % (
        escape(quote(path)), code, code, code) for code in LANGUAGES)
    main_attr = ' data-events="%s?lang=%s"' % (escape(events), lang) if events else ""
    script = '<script src="/static/live.js" defer></script>' if events else ""
    return "".join([
        "<!DOCTYPE html>",
        '<html lang="%s"><head><meta charset="utf-8">' % lang,
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        '<link rel="icon" href="data:,"><link rel="stylesheet" href="/static/hub.css">',
        "<title>%s · %s</title>%s</head><body>" % (escape(title), escape(w["hub"]), script),
        '<header><a class="brand" href="/?lang=%s">%s</a><nav>%s</nav><span class="langs">%s</span></header>' % (
            lang, escape(w["hub"]), "".join(nav), langs),
        "<main%s>%s</main></body></html>\n" % (main_attr, body),
    ])


def refusal_page(w, lang, status, message):
    """A request refused: its status and one line saying why."""
    body = '<h1>%s %d</h1><p class="error">%s</p>' % (escape(w["refused"]), status, escape(str(message)))
    return layout(w, lang, "%s %d" % (w["refused"], status), body, "/")


def _hidden(csrf):
    return '<input type="hidden" name="csrf" value="%s">' % escape(csrf)


def login_page(w, lang, token, wrong=False):
    """The director's login form (``token``: its CSRF token)."""
    body = ["<h1>%s</h1>" % escape(w["director"])]
    if wrong:
        body.append('<p class="error">%s</p>' % escape(w["wrong_password"]))
    body.append('<form class="box" method="post" action="/director/login?lang=%s">%s'
                '<label>%s <input type="password" name="password" autocomplete="current-password" required '
                'maxlength="1024" autofocus></label><button>%s</button></form>'
                % (lang, _hidden(token), escape(w["password"]), escape(w["log_in"])))
    return layout(w, lang, w["director"], "".join(body), "/director")


def game_name(w, game):
    """The game's name in the page's language."""
    return w.get("game_" + game, game)


def nights_list(w, lang, nights, director=False):
    """The nights as a table with links (the director's: to their pages)."""
    if not nights:
        return "<p>%s</p>" % escape(w["no_nights"])
    out = ['<table><tr><th class="name">%s</th><th class="name">%s</th><th>%s</th><th class="name">%s</th></tr>'
           % (escape(w["name"]), escape(w["game"]), escape(w["round"]), escape(w["night_state"]))]
    for n in nights:
        href = ("/director/night/%d" if director else "/night/%d") % n["id"]
        out.append('<tr><td class="name"><a href="%s?lang=%s">%s</a></td><td class="name">%s</td><td>%s</td>'
                   '<td class="name">%s</td></tr>' % (
                       href, lang, escape(n["name"]), escape(game_name(w, n["game"])),
                       escape(w["of_rounds"] % (n["round"], n["rounds"]) if n["round"] else w["no_round"]),
                       escape(w.get("night_" + n["state"], n["state"]))))
    out.append("</table>")
    return "".join(out)


def home_page(w, lang, nights):
    """``/``: the club's nights."""
    body = "<h1>%s</h1>%s" % (escape(w["nights"]), nights_list(w, lang, nights))
    return layout(w, lang, w["nights"], body, "/")


def night_heading(w, night):
    """The night's name, game and round, as the night's pages open."""
    round_text = w["of_rounds"] % (night["round"], night["rounds"]) if night["round"] else w["no_round"]
    return '<h1>%s</h1><p class="meta">%s · %s · %s</p>' % (
        escape(night["name"]), escape(game_name(w, night["game"])), escape(round_text),
        escape(w.get("night_" + night["state"], night["state"])))


def live_note(w):
    """The line saying whether the page is live (live.js keeps it true)."""
    return '<p class="note"><span id="live-state" data-live="%s" data-offline="%s">%s</span></p>' % (
        escape(w["live"]), escape(w["offline"]), escape(w["offline"]))


def standings_fragment(w, rows):
    """``<div id="standings">``: per player place, name, points, games, wins."""
    out = ['<div id="standings"><table><tr><th>%s</th><th class="name">%s</th><th>%s</th><th>%s</th><th>%s</th></tr>'
           % tuple(escape(w[k]) for k in ("place", "player", "points", "games", "wins"))]
    for r in rows:
        out.append('<tr%s><td>%d</td><td class="name">%s</td><td>%d</td><td>%d</td><td>%d</td></tr>' % (
            ' class="first"' if r["place"] == 1 else "", r["place"], escape(r["player"]), r["points"], r["games"],
            r["wins"]))
    out.append("</table></div>")
    return "".join(out)


def standings_page(w, lang, night, rows):
    """``/night/N``: the live standings."""
    body = night_heading(w, night) + live_note(w) + "<h2>%s</h2>" % escape(w["standings"]) + standings_fragment(w, rows)
    return layout(w, lang, w["standings"], body, "/night/%d" % night["id"], night=night["id"],
                  events="/night/%d/events" % night["id"])


def tables_fragment(w, lang, night_id, tables):
    """``<div id="tables">``: a cell per table, green when up to date,
    red when a hand is missing or its board is silent; each links to the
    table's running sheet."""
    out = ['<div id="tables" class="grid">']
    for t in tables:
        state = t["state"]
        heard = _clock(t.get("last_heard")) or w["never"]
        out.append(
            '<a class="cell %s" data-state="%s" href="/night/%d/table/%d?lang=%s"><b>%s</b>'
            "<small>%s</small><small>%s</small><small>%s</small><small>%s</small></a>" % (
                escape(state), escape(state), night_id, t["table"], lang, escape(w["table_n"] % t["table"]),
                escape(w["round_n"] % t["round"] if t.get("round") else w["no_round"]),
                escape(w["pair"] % (w["hands"], "%d/%d" % (t["hands"], t["expected"]) if t["expected"] else t["hands"])),
                escape(w["pair"] % (w["last_heard"], heard)),
                escape(w.get("state_" + state, state))))
    out.append("</div>")
    return "".join(out)


def tables_page(w, lang, night, tables):
    """``/night/N/tables``: the table-status grid, live."""
    body = night_heading(w, night) + live_note(w) + "<h2>%s</h2>" % escape(w["tables"]) + tables_fragment(
        w, lang, night["id"], tables)
    return layout(w, lang, w["tables"], body, "/night/%d/tables" % night["id"], night=night["id"],
                  events="/night/%d/events" % night["id"])


def _post_form(lang, action, csrf, fields, button, cls="box"):
    """A POST form to ``action`` with its CSRF token, ``fields`` (HTML) and a button."""
    return '<form class="%s" method="post" action="%s?lang=%s">%s%s<button>%s</button></form>' % (
        cls, action, lang, _hidden(csrf), fields, escape(button))


def _label(caption, control):
    return "<label>%s %s</label>" % (escape(caption), control)


def _select(name, options):
    return '<select name="%s">%s</select>' % (name, "".join(
        '<option value="%s">%s</option>' % (escape(value), escape(caption)) for value, caption in options))


def logout_form(w, lang, csrf):
    return _post_form(lang, "/director/logout", csrf, "", w["log_out"], cls="inline noprint")


def director_home(w, lang, nights, csrf, done):
    """``/director``: the nights (to the director's page of each) and the form creating one."""
    body = ["<h1>%s</h1>" % escape(w["director"]), logout_form(w, lang, csrf)]
    if done:
        body.append('<p class="done-note">%s</p>' % escape(w["done"]))
    body.append(nights_list(w, lang, nights, director=True))
    fields = "".join([
        _label(w["name"], '<input name="name" required maxlength="80">'),
        _label(w["game"], _select("game", [(g, game_name(w, g)) for g in GAMES])),
        _label(w["players_lines"], '<textarea name="players" rows="8" required maxlength="4000"></textarea>'),
        _label(w["tables"], '<input name="tables" type="number" min="1" max="999" value="2" required>'),
        _label(w["seats_per_table"], '<input name="seats" type="number" min="2" max="6" value="4" required>'),
        _label(w["movement"], _select("movement", [(m, w[m]) for m in MOVEMENTS])),
        _label(w["rounds"], '<input name="rounds" type="number" min="1" max="999" value="3" required>'),
    ])
    body.append("<h2>%s</h2>" % escape(w["create_night"]))
    body.append(_post_form(lang, "/director/night", csrf, fields, w["create"]))
    return layout(w, lang, w["director"], "".join(body), "/director")


def amendments_table(w, amendments):
    """The night's corrections, oldest first: when, board, game, hand, player, entry, was, now, who, why."""
    if not amendments:
        return "<p>%s</p>" % escape(w["no_amendments"])
    heads = ("when", "device", "game_id", "hand", "player", "field", "old", "new", "who", "why")
    out = ['<div class="scroll"><table class="log"><tr>%s</tr>' % "".join(
        '<th class="name">%s</th>' % escape(w[h]) for h in heads)]
    for a in amendments:
        values = (_clock(a["at"]), a["device_id"], a["game_id"], a["hand"], a["player"] or "", a["field"], a["old"],
                  a["new"], a["who"], a["why"])
        out.append("<tr>%s</tr>" % "".join('<td class="name">%s</td>' % escape(str(v)) for v in values))
    out.append("</table></div>")
    return "".join(out)


def director_night(w, lang, night, csrf, done, amendments, tables, enrolled, board_status):
    """``/director/night/N``: the night's state, its boards, the round's
    buttons, the tables, the correction form and the corrections made."""
    nid = night["id"]
    base = "/director/night/%d" % nid
    body = [night_heading(w, night), logout_form(w, lang, csrf)]
    if done:
        body.append('<p class="done-note">%s</p>' % escape(w["done"]))
    body.append('<p class="noprint"><a href="%s/cards?lang=%s">%s</a> · <a href="%s/report?lang=%s">%s</a></p>' % (
        base, lang, escape(w["seat_cards"]), base, lang, escape(w["report"])))
    if night["state"] != "done":
        if night["round"] and night["round_ended_at"] is None:
            body.append(_post_form(lang, base + "/end", csrf, "", w["end_round"] % night["round"], cls="inline"))
        elif night["round"] < night["rounds"]:
            body.append(_post_form(lang, base + "/start", csrf, "", w["start_round"] % (night["round"] + 1),
                                   cls="inline"))
    body.append("<h2>%s</h2>" % escape(w["tables"]))
    body.append(tables_fragment(w, lang, nid, tables))
    body.append("<h2>%s</h2>" % escape(w["assign_boards"]))
    rows = ['<table><tr><th class="name">%s</th><th>%s</th><th class="name">%s</th></tr>' % (
        escape(w["board"]), escape(w["table"]), escape(w["last_heard"]))]
    # Last heard: by this hub's listener, else the newest sync of the
    # table's game (a USB sync, or the other hub process's listener).
    synced = {t["table"]: t["last_heard"] for t in tables}
    for device, table in sorted(night["boards"].items(), key=lambda item: (item[1], item[0])):
        heard = (board_status.get(device) or {}).get("last_heard") or synced.get(table)
        rows.append('<tr><td class="name">%s</td><td>%d</td><td class="name">%s</td></tr>' % (
            escape(device), table, escape(_clock(heard) or w["never"])))
    rows.append("</table>")
    body.append("".join(rows))
    known = sorted(set(enrolled) | set(board_status))
    datalist = '<datalist id="boards">%s</datalist>' % "".join('<option value="%s">' % escape(d) for d in known)
    body.append(_post_form(lang, base + "/assign", csrf, "".join([
        _label(w["board"], '<input name="device" list="boards" required maxlength="64">' + datalist),
        _label(w["table"], '<input name="table" type="number" min="1" max="%d" required>' % night["tables"]),
    ]), w["assign"]))
    body.append("<h2>%s</h2>" % escape(w["amend"]))
    body.append('<p class="note">%s</p>' % escape(w["amend_note"]))
    body.append(_post_form(lang, base + "/amend", csrf, "".join([
        _label(w["device"], '<input name="device" list="boards" required maxlength="64">'),
        _label(w["game_id"], '<input name="game_id" type="number" min="0" required>'),
        _label(w["hand"], '<input name="hand" type="number" min="1" required>'),
        _label(w["player"], _select("player", [("", "—")] + [(p, p) for p in night["players"]])),
        _label(w["field"], '<input name="field" required maxlength="20" placeholder="bids, tricks, trump…">'),
        _label(w["value"], '<input name="value" required maxlength="40">'),
        _label(w["who"], '<input name="who" required maxlength="500">'),
        _label(w["why"], '<input name="why" required maxlength="500">'),
    ]), w["amend"]))
    body.append("<h2>%s</h2>" % escape(w["amendments"]))
    body.append(amendments_table(w, amendments))
    return layout(w, lang, night["name"], "".join(body), base, night=nid, director=True)


def cards_page(w, lang, night, round_no, cards):
    """The round's seat cards to print: per player the round, table and seat."""
    body = [night_heading(w, night), "<h2>%s</h2>" % escape(w["seat_cards"])]
    if not round_no:
        body.append("<p>%s</p>" % escape(w["no_round"]))
    body.append('<div class="cards">')
    for c in cards:
        body.append('<div class="card"><b>%s</b>%s<br>%s, %s %d</div>' % (
            escape(c["player"]), escape(w["round_n"] % c["round"]), escape(w["table_n"] % c["table"]),
            escape(w["seat"].lower()), c["seat"]))
    body.append("</div>")
    return layout(w, lang, w["seat_cards"], "".join(body), "/director/night/%d/cards" % night["id"],
                  night=night["id"], director=True)


def _sheet_table(w, sheet, wizard):
    """The running sheet's table: per hand what was entered, the hand's
    score and the running total per side; a corrected hand is marked and
    says who corrected what, when and why."""
    out = ['<table class="sheet"><tr><th>%s</th>' % escape(w["round"] if wizard else w["hand"])]
    if wizard:
        out.append("<th>%s</th>" % escape(w["trump"]))
    out.extend('<th>%s</th>' % escape(side) for side in sheet["sides"])
    out.append("</tr>")
    for h in sheet["hands"]:
        mark = ' class="amended"' if h["amended"] else ""
        title = ""
        if h["amended"]:
            title = ' title="%s"' % escape("; ".join(w["pair"] % (a["field"], "%s → %s (%s, %s, %s)" % (
                a["old"], a["new"], a["who"], _clock(a["at"]), a["why"])) for a in h["amended"]))
        out.append("<tr%s%s><td>%d%s</td>" % (mark, title, h["hand"], " *" if h["amended"] else ""))
        if wizard:
            out.append("<td>%s</td>" % escape(h["trump"] or ""))
        for cell, score, total in zip(h["cells"], h["scores"], h["totals"]):
            out.append("<td><small>%s %+d</small> %d</td>" % (escape(cell), score, total))
        out.append("</tr>")
    if sheet["current"]:
        out.append("<tr><td>…</td>%s%s</tr>" % ("<td></td>" if wizard else "", "".join(
            "<td><small>%s</small></td>" % escape(cell) for cell in sheet["current"])))
    out.append("<tr><th>%s</th>%s%s</tr></table>" % (
        escape(w["total"]), "<th></th>" if wizard else "", "".join("<th>%d</th>" % t for t in sheet["totals"])))
    return "".join(out)


def sheet_page(w, lang, night, table, round_no, sheet):
    """``/night/N/table/T``: table T's running sheet in a round (its
    seated players, the hands with corrections marked, the totals)."""
    body = [night_heading(w, night), "<h2>%s · %s · %s</h2>" % (
        escape(w["sheet"]), escape(w["table_n"] % table), escape(w["round_n"] % round_no if round_no else w["no_round"]))]
    rounds = " · ".join('<a href="/night/%d/table/%d?round=%d&amp;lang=%s">%s</a>' % (
        night["id"], table, r, lang, escape(w["round_n"] % r)) for r in range(1, night["round"] + 1))
    if rounds:
        body.append('<p class="noprint">%s</p>' % rounds)
    if sheet is not None and sheet["seated"]:
        body.append('<p class="meta">%s</p>' % escape(", ".join(
            w["pair"] % ("%s %d" % (w["seat"], i), name) for i, name in enumerate(sheet["seated"], 1))))
    if sheet is None or sheet["game"] is None:
        body.append("<p>%s</p>" % escape(w["no_game"]))
    else:
        body.append('<p class="meta">%s %s</p>' % (escape(w["game_id"]), escape(str(sheet["game"]["ref"]))))
        body.append(_sheet_table(w, sheet, night["game"] == "wizard"))
        for h in sheet["hands"]:
            for a in h["amended"]:
                body.append('<p class="note">* %s</p>' % escape(w["pair"] % (
                    "%s %d" % (w["round"] if night["game"] == "wizard" else w["hand"], h["hand"]),
                    "%s%s %s → %s (%s, %s: %s)" % (a["field"], " · " + a["player"] if a["player"] else "", a["old"],
                                                   a["new"], a["who"], _clock(a["at"]), a["why"]))))
        if sheet["finished"]:
            body.append("<p><b>%s</b></p>" % escape(", ".join(sheet["winners"])))
        for a in sheet["refused"]:
            body.append('<p class="error">%s</p>' % escape(w["pair"] % ("%s %s" % (w["amended"], a["field"]), a["reason"])))
    return layout(w, lang, w["sheet"], "".join(body), "/night/%d/table/%d" % (night["id"], table), night=night["id"])
