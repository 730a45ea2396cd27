# SPDX-License-Identifier: MIT
"""Sync end to end: the firmware's Link answering over a real pseudo-terminal,
the PC's `tricktally` (real pyserial) syncing into SQLite and into
PostgreSQL, then show, export and plot. Cut links, corrupted frames, killed
syncs, growing games."""

import json
import os
import signal
import subprocess
import sys
import threading

import pytest

from tallyboard.journal import folder_id
from tests.host.board_sim import ACCENTED, BoardThread, play_games
from tests.host.pc_helpers import sql
from tricktally.record import from_record, to_record
from tricktally_host.db import Database
from tricktally_host.link_client import LinkClient, LinkError
from tricktally_host.sync import sync_board

TRICKTALLY = os.path.join(os.path.dirname(sys.executable), "tricktally")
CORE_KEYS = ("format", "game", "players", "first_dealer", "settings", "hands", "current")


def tricktally(*args, check=True):
    proc = subprocess.run([TRICKTALLY, *args], capture_output=True, text=True, timeout=120)
    if check and proc.returncode:
        raise AssertionError("tricktally %s failed (%d):\n%s%s" % (" ".join(args), proc.returncode, proc.stdout, proc.stderr))
    return proc


def core(record):
    return {k: record[k] for k in CORE_KEYS if k in record}


def board_with_games(count=6, seed=7):
    b = BoardThread()
    played = play_games(b.journal, count, seed=seed, names=ACCENTED, finish_every=2)
    return b, played


def test_games_on_the_board_are_synced_shown_exported_and_plotted(db_target, tmp_path):
    db = db_target
    b, played = board_with_games()
    with b:
        out = tricktally("sync", "--port", b.path, "--db", db).stdout
        assert "6 games, 6 new, 0 changed, 0 already stored" in out
        for gid in played:
            assert b.journal.synced(gid) == b.journal.size(gid)  # acknowledged
        assert b.clock.time() is not None  # the sync set the board's clock
    infos = json.loads(tricktally("games", "--json", "--db", db).stdout)
    assert len(infos) == 6
    by_game = {}
    for info in infos:
        by_game[info["game_id"] if "game_id" in info else int(info["ref"].split("-")[-1])] = info
    assert set(by_game) == set(played)
    export_dir = tmp_path / "export"
    tricktally("export", "--format", "json", "-o", str(export_dir), "--db", db)
    files = sorted(export_dir.glob("*.json"))
    assert len(files) == 6
    for path in files:
        rec = json.loads(path.read_text(encoding="utf-8"))
        gid = rec["game_id"]
        assert core(rec) == core(to_record(played[gid])), "game %d differs after the round trip" % gid
        assert rec["device"] == "e66138935f2a"
        assert rec["created"] == 1700000000 + 3600 * (gid - 1)
        assert from_record(rec).totals == played[gid].totals
    ref = by_game[1]["ref"]
    shown = tricktally("show", ref, "--db", db).stdout
    for name in played[1].players:
        assert name in shown  # accents survive: Zoë, Jérôme, Ñuño, Çelik
    assert any(ch in shown for ch in "ëéÑÇ")
    png = tmp_path / "g.png"
    tricktally("plot", ref, "-o", str(png), "--db", db)
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_syncing_twice_adds_nothing_and_fetches_nothing(db_target, tmp_path):
    b, played = board_with_games(count=4)
    with b:
        with Database(db_target) as db, LinkClient(b.path, timeout=1) as c:
            first = sync_board(c, db, spool=tmp_path / "spool")
            fetched = len(b.tap.fetches())
            second = sync_board(c, db, spool=tmp_path / "spool")
            rows = sql(db, "SELECT COUNT(*) FROM games")[0][0]
    assert first.count("new") == 4 and fetched > 0
    assert second.stored == {} and second.skipped == 4
    assert len(b.tap.fetches()) == fetched
    assert rows == 4


def test_link_cut_mid_transfer_then_sync_again_resumes(db_target, tmp_path):
    b, played = board_with_games(count=8, seed=3)
    sizes = {g: b.journal.size(g) for g in played}
    with b:
        with Database(db_target) as db, LinkClient(b.path, timeout=0.3, retries=1) as c:
            # Cut in the middle of the first game (past the second) that
            # takes several chunks.
            chunks = [(s + 599) // 600 for _, s in sorted(sizes.items())]
            k = next(i for i in range(2, len(chunks)) if chunks[i] >= 3)
            b.tap.cut_after_fetches = sum(chunks[:k]) + chunks[k] // 2 + 1
            with pytest.raises(LinkError):
                sync_board(c, db, spool=tmp_path / "spool")
            stored_before = set(db.synced_upto(b.link.device_id, folder_id.read(b.fs)))
            first = {g: [int(a[1]) for a in b.tap.fetches(g)] for g in played}
            assert 0 < len(stored_before) < len(played)
            b.tap.revive()
            b.tap.requests.clear()
            report = sync_board(c, db, spool=tmp_path / "spool")
            stored = db.synced_upto(b.link.device_id, folder_id.read(b.fs))
            records = {g: db.get(ref) for g, ref in _refs(db).items()}
    assert sorted(stored) == sorted(played)
    for gid in stored_before:
        assert b.tap.fetches(gid) == [], "finished game %d was fetched again" % gid
    # The game cut in the middle continued from where its bytes stopped.
    cut = [g for g in played if g not in stored_before and first[g]]
    assert len(cut) == 1
    second_offsets = [int(a[1]) for a in b.tap.fetches(cut[0])]
    assert second_offsets and second_offsets[0] > 0
    assert report.resumed[cut[0]] == second_offsets[0]
    assert set(first[cut[0]]).isdisjoint(second_offsets[1:])
    for gid, rec in records.items():
        assert core(rec) == core(to_record(played[gid]))


def _refs(db):
    return {info["game_id"] if "game_id" in info else int(info["ref"].split("-")[-1]): info["ref"] for info in db.games()}


def test_corrupted_frames_are_detected_and_fetched_again(db_target):
    b, played = board_with_games(count=3, seed=4)
    with b:
        with Database(db_target) as db, LinkClient(b.path, timeout=1) as c:
            b.tap.corrupt_answers += ["FETCH", "LIST"]
            report = sync_board(c, db)
            assert b.tap.corrupted == 2 and c.corrupt >= 2
            b.tap.corrupt_requests = 2
            sql(db, "DELETE FROM players")
            sql(db, "DELETE FROM games")
            report2 = sync_board(c, db)
            records = {g: db.get(ref) for g, ref in _refs(db).items()}
    assert report.count("new") == 3 and report2.count("new") == 3
    assert b.tap.corrupted == 4
    offsets = [tuple(a) for a in b.tap.fetches()]
    assert len(offsets) > len(set(offsets))  # the damaged chunk was asked for again
    for gid, rec in records.items():
        assert core(rec) == core(to_record(played[gid]))


def test_a_game_still_being_played_fetches_only_its_new_bytes(db_target, tmp_path):
    b, played = board_with_games(count=4, seed=9)
    live = [g for g, game in played.items() if not game.finished]
    assert live
    gid = live[0]
    game = played[gid]
    with b:
        with Database(db_target) as db, LinkClient(b.path, timeout=1) as c:
            sync_board(c, db, spool=tmp_path / "spool")
            old_size = b.journal.size(gid)
            # The table plays on: three more entries (the link is idle).
            for _ in range(3):
                if game.kind is None:
                    break
                kind, seat, value = game.kind, game.seat, game.legal_values()[0]
                game.enter(kind, seat, value)
                b.journal.entry(gid, kind, seat, value)
            b.tap.requests.clear()
            report = sync_board(c, db, spool=tmp_path / "spool")
            rec = db.get(_refs(db)[gid])
    assert report.stored == {gid: "changed"}
    assert [int(a[1]) for a in b.tap.fetches(gid)][0] == old_size
    assert b.tap.fetches() == b.tap.fetches(gid)
    assert core(rec) == core(to_record(game))


def test_a_killed_sync_leaves_a_consistent_database(db_target):
    db_path = db_target
    b, played = board_with_games(count=10, seed=12)
    proc_box = []
    killed = threading.Event()

    def kill_midway(verb, args):
        if verb == "FETCH" and len(b.tap.fetches()) == 14 and proc_box and not killed.is_set():
            os.kill(proc_box[0].pid, signal.SIGKILL)
            killed.set()

    b.tap.on_request = kill_midway
    with b:
        proc = subprocess.Popen([TRICKTALLY, "sync", "--port", b.path, "--db", str(db_path)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        proc_box.append(proc)
        proc.communicate(timeout=120)
        assert killed.is_set() and proc.returncode == -signal.SIGKILL
        with Database(db_path, create=False) as db:
            if db.path is not None:
                assert sql(db, "PRAGMA integrity_check")[0][0] == "ok"
            rows = sql(db, "SELECT game_id, record, journal_size FROM games")
            assert 0 < len(rows) < len(played)
            for gid, text, size in rows:
                rec = json.loads(text)
                assert core(rec) == core(to_record(played[gid]))  # whole games only
                assert size == b.journal.size(gid)
            players = sql(db, "SELECT COUNT(DISTINCT game_row) FROM players")[0][0]
            assert players == len(rows)
        before = {gid for gid, _, _ in rows}
        b.tap.requests.clear()
        b.tap.on_request = None
        out = tricktally("sync", "--port", b.path, "--db", str(db_path)).stdout
    assert "%d new" % (len(played) - len(before)) in out
    for gid in before:
        assert b.tap.fetches(gid) == []
    with Database(db_path) as db:
        assert sorted(db.synced_upto(b.link.device_id, folder_id.read(b.fs))) == sorted(played)


def test_imported_records_land_on_the_flash_and_sync_back_equal(db_target, tmp_path):
    from tallyboard.fs import OsFS
    from tallyboard.journal.journal import Journal
    from tests.core.play import random_game
    from tricktally_host.importer import import_into_folder
    from tricktally_host.records import RecordError

    paths, records = [], []
    for seed in range(5):
        _, _, game = random_game(seed, max_entries=60 if seed % 2 else 10_000)
        rec = to_record(game)
        rec["players"] = [ACCENTED[i] for i in range(len(rec["players"]))]
        rec["created"] = 1700000000 + seed
        records.append(rec)
        path = tmp_path / ("r%d.json" % seed)
        path.write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
        paths.append(path)
    assert any(from_record(r).finished for r in records) and not all(from_record(r).finished for r in records)
    flash = tmp_path / "flash"
    bad = tmp_path / "bad.json"
    broken = dict(records[0], hands=[{"bids": [99] * len(records[0]["players"])}])
    bad.write_text(json.dumps(broken))
    with pytest.raises(RecordError) as info:
        import_into_folder(paths[:2] + [bad], flash)
    assert "bad.json" in str(info.value)
    assert not flash.exists() or not [n for n in os.listdir(flash) if n.endswith(".tj")]
    ids = import_into_folder(paths, flash)
    assert len(ids) == 5
    stored = Journal(OsFS(str(flash))).boot()
    assert [s.damage for s in stored] == [None] * 5
    b = BoardThread(fs=OsFS(str(flash)))
    with b:
        with Database(db_target) as db, LinkClient(b.path, timeout=1) as c:
            sync_board(c, db)
            got = {g: db.get(ref) for g, ref in _refs(db).items()}
    for gid, rec in zip(ids, records):
        assert core(got[gid]) == core(rec)
        assert got[gid]["created"] == rec["created"]


def test_headless_simulator_with_imported_games_syncs_over_its_pty(db_target, tmp_path):
    """`tricktally sim --headless --import ...` as a separate process: its
    first line names the pty; `tricktally sync` (pyserial) pulls the games."""
    from tests.core.play import random_game

    paths, records = [], []
    for seed in (31, 32, 33):
        _, _, game = random_game(seed, max_entries=10_000 if seed != 32 else 40)
        rec = to_record(game)
        rec["players"] = [ACCENTED[(i + seed) % len(ACCENTED)] for i in range(len(rec["players"]))]
        records.append(rec)
        paths.append(tmp_path / ("g%d.json" % seed))
        paths[-1].write_text(json.dumps(rec, ensure_ascii=False), encoding="utf-8")
    db = db_target
    sim = subprocess.Popen(
        [TRICKTALLY, "sim", "--headless", "--flash", str(tmp_path / "flash"), "--run-seconds", "0", "--seed", "1"]
        + [a for p in paths for a in ("--import", str(p))],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )
    try:
        first = sim.stdout.readline()
        assert first.startswith("serial: /dev/"), first + sim.stderr.read()
        port = first.split(": ", 1)[1].strip()
        out = tricktally("sync", "--port", port, "--db", db).stdout
        assert "3 games, 3 new" in out
        again = tricktally("sync", "--port", port, "--db", db).stdout
        assert "0 new, 0 changed, 3 already stored" in again
    finally:
        sim.kill()
        sim.communicate(timeout=30)
    export_dir = tmp_path / "out"
    tricktally("export", "--format", "json", "-o", str(export_dir), "--db", db)
    exported = sorted((json.loads(p.read_text(encoding="utf-8")) for p in export_dir.glob("*.json")), key=lambda r: r["game_id"])
    assert [core(r) for r in exported] == [core(r) for r in records]


def test_lost_acks_and_a_damaged_spool_are_recovered(db_target, tmp_path):
    b, played = board_with_games(count=5, seed=14)
    spool = tmp_path / "spool"
    with b:
        with Database(db_target) as db, LinkClient(b.path, timeout=0.3, retries=1) as c:
            sync_board(c, db, spool=spool)
            # The board missed our ACKs (the cable went as they were sent).
            for gid in played:
                b.journal.mark_synced(gid, 0)
            b.tap.requests.clear()
            report = sync_board(c, db, spool=spool)
            assert report.acked_only == 5 and b.tap.fetches() == []
            assert all(b.journal.synced(g) == b.journal.size(g) for g in played)
            # A fresh database, and a spool whose bytes went bad on the PC.
            sql(db, "DELETE FROM players")
            sql(db, "DELETE FROM games")
            for path in spool.rglob("*.journal"):
                path.write_bytes(b"X" * 50)
            (spool / "e66138935f2a").mkdir(parents=True, exist_ok=True)
            for gid in played:
                (spool / "e66138935f2a" / ("%d.journal" % gid)).write_bytes(b"0 s {garbage} 00000000\n")
            b.tap.requests.clear()
            report = sync_board(c, db, spool=spool)
            records = {g: db.get(ref) for g, ref in _refs(db).items()}
    assert report.resumed == {}  # the bad spool was not trusted
    assert all(int(a[1]) == 0 for a in b.tap.fetches()[:1])
    for gid, rec in records.items():
        assert core(rec) == core(to_record(played[gid]))
