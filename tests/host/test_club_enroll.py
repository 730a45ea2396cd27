# SPDX-License-Identifier: MIT
"""`tricktally club enroll` (docs/CLUB.md) over a real pseudo-terminal to
the board's own Link (tests/host/board_sim.py), into a real SQLite
database: the hub, the Wi-Fi and a fresh key go to the board's flash, the
key to the database, both or neither; nothing secret is printed."""

import json

import pytest
from click.testing import CliRunner

from tallyboard import enrollment
from tests.host.board_sim import BoardThread
from tests.host.pc_helpers import sql
from tricktally_host.cli import main
from tricktally_host.club.enroll import EnrollError, parse_hub
from tricktally_host.db import Database

DEVICE = "e66138935f2a"


def enroll(port, db, *extra):
    return CliRunner().invoke(main, ["club", "enroll", "--port", port, "--db", str(db)] + list(extra),
                              catch_exceptions=False)


def test_enroll_writes_the_board_and_the_database_and_prints_no_secret(tmp_path):
    db = tmp_path / "club.sqlite"
    with BoardThread(DEVICE) as b:
        result = enroll(b.path, db, "--hub", "192.168.7.20:9000", "--ssid", "Club Café", "--password", "open sesame")
    assert result.exit_code == 0, result.output
    club = enrollment.load(b.fs)
    assert club["host"] == "192.168.7.20" and club["port"] == 9000
    assert club["ssid"] == "Club Café" and club["password"] == "open sesame"
    with Database(db) as d:
        assert d.board_key(DEVICE) == club["key"].hex()
        assert [device for device, _ in d.enrolled_boards()] == [DEVICE]
    assert DEVICE in result.output and "192.168.7.20:9000" in result.output
    assert club["key"].hex() not in result.output and "open sesame" not in result.output
    # Enrolling again makes a new key, on both sides.
    with BoardThread(DEVICE, fs=b.fs) as b2:
        again = enroll(b2.path, db, "--hub", "192.168.7.20", "--ssid", "Club Café", "--password", "")
    assert again.exit_code == 0, again.output
    club2 = enrollment.load(b.fs)
    assert club2["port"] == 8765 and club2["password"] == "" and club2["key"] != club["key"]
    with Database(db) as d:
        assert d.board_key(DEVICE) == club2["key"].hex()


def test_a_hub_given_by_name_is_looked_up_on_the_pc(tmp_path):
    with BoardThread(DEVICE) as b:
        result = CliRunner().invoke(
            main, ["club", "enroll", "--port", b.path, "--db", str(tmp_path / "c.sqlite"), "--hub", "localhost",
                   "--ssid", "Club", "--password", "12345678"])
    assert result.exit_code == 0, result.output
    assert enrollment.load(b.fs)["host"] == "127.0.0.1"
    assert "localhost is 127.0.0.1" in result.stderr


@pytest.mark.parametrize("args, says", [
    (["--hub", "10.0.0.1:99999", "--ssid", "Club", "--password", "12345678"], "port"),
    (["--hub", "10.0.0.1", "--ssid", "", "--password", "12345678"], "1 to 32 bytes"),
    (["--hub", "10.0.0.1", "--ssid", "C" * 33, "--password", "12345678"], "1 to 32 bytes"),
    (["--hub", "10.0.0.1", "--ssid", "Club", "--password", "short"], "8 to 63"),
    (["--hub", "no-such-host.invalid", "--ssid", "Club", "--password", "12345678"], "no IPv4 address"),
])
def test_bad_input_is_one_line_and_changes_nothing(tmp_path, args, says):
    db = tmp_path / "club.sqlite"
    with BoardThread(DEVICE) as b:
        result = enroll(b.path, db, *args)
        asked = list(b.tap.requests)
    assert result.exit_code == 2
    assert result.output.startswith("error: ") and says in result.output and result.output.count("\n") == 1
    assert asked == [] and enrollment.load(b.fs) is None  # the board was not even asked
    assert not db.exists()


def test_a_board_that_refuses_leaves_no_key_in_the_database(tmp_path):
    db = tmp_path / "club.sqlite"
    with BoardThread(DEVICE) as b:
        b.link.VERBS = {verb: f for verb, f in b.link.VERBS.items() if verb != "ENROLL"}  # firmware from before the club
        result = enroll(b.path, db, "--hub", "10.0.0.1", "--ssid", "Club", "--password", "12345678")
    assert result.exit_code == 2 and "not enrolled" in result.output
    with Database(db) as d:
        assert d.board_key(DEVICE) is None
    assert enrollment.load(b.fs) is None


def test_hub_addresses_parse():
    assert parse_hub("10.1.2.3") == ("10.1.2.3", 8765)
    assert parse_hub("hub.local:7000") == ("hub.local", 7000)
    for bad in ("", ":80", "a b:80", "x:y", "x:0"):
        with pytest.raises(EnrollError):
            parse_hub(bad)


def test_board_keys_are_checked_and_kept_per_board(tmp_path):
    with Database(tmp_path / "k.sqlite") as d:
        for key in ("ab" * 31, "AB" * 32, "zz" * 32, 5):
            with pytest.raises(ValueError):
                d.set_board_key("b1", key)
        d.set_board_key("b1", "ab" * 32, enrolled_at=100)
        d.set_board_key("b2", "cd" * 32, enrolled_at=200)
        d.set_board_key("b1", "ef" * 32, enrolled_at=300)
        assert d.board_key("b1") == "ef" * 32 and d.board_key("b3") is None
        assert d.enrolled_boards() == [("b1", 300.0), ("b2", 200.0)]
    # json of the key is never what a listing gives
    assert "ef" * 32 not in json.dumps(Database(tmp_path / "k.sqlite").enrolled_boards())


def test_a_schema_3_database_gains_the_board_keys_table_and_keeps_its_games(tmp_path):
    import sqlite3

    from tricktally_host import db as dbmod
    from tests.host.board_sim import play_games
    from tallyboard.journal.journal import Journal
    from tallyfakes.memfs import MemFS
    from tricktally_host import db_schema
    from tricktally_host.sync import crc_hex, record_of

    journal = Journal(MemFS())
    journal.boot()
    play_games(journal, 1)
    data = journal.read(1, 0, journal.size(1))
    path = tmp_path / "three.sqlite"
    with Database(path) as d:
        record, _, _, used = record_of(data, DEVICE, 1)
        d.store_game(DEVICE, 1, record, used, crc_hex(data[:used]), journal=data[:used])
    conn = sqlite3.connect(path, isolation_level=None)
    # Back to version 3: without the tables versions 4 and 5 added.
    for table in [t.name for t in reversed(db_schema.NIGHT_TABLES)] + ["board_keys"]:
        conn.execute("DROP TABLE %s" % table)
    conn.execute("UPDATE schema_version SET version = 3")
    conn.close()
    with Database(path) as d:
        assert sql(d, "SELECT version FROM schema_version") == [(dbmod.SCHEMA_VERSION,)] and dbmod.SCHEMA_VERSION == 5
        assert d.board_key(DEVICE) is None and len(d.games()) == 1
        d.set_board_key(DEVICE, "ab" * 32)
        assert d.board_key(DEVICE) == "ab" * 32
