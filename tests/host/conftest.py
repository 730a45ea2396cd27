# SPDX-License-Identifier: MIT
"""The games database of each backend for the host tests.

A test that takes ``db_target`` runs twice: on a SQLite file (a path, as
``--db`` takes it) and on a PostgreSQL database (its URL), a fresh empty
database on the session's one server (``pg_server``, tests/conftest.py),
dropped after the test. ``new_db_target()`` gives further ones of the same
backend; ``backend`` says which it is.
"""

import pytest

from tests.host.pg_server import BACKENDS


@pytest.fixture(params=BACKENDS)
def backend(request):
    return request.param


@pytest.fixture
def new_db_target(backend, tmp_path, request):
    made = []
    count = [0]
    server = request.getfixturevalue("pg_server") if backend == "postgresql" else None

    def make(name="t.sqlite"):
        count[0] += 1
        if server is None:
            return str(tmp_path / (name if count[0] == 1 else "%d-%s" % (count[0], name)))
        made.append(server.new_database())
        return server.url(made[-1])

    yield make
    for name in made:
        server.drop_database(name, reached=True)


@pytest.fixture
def db_target(new_db_target):
    return new_db_target()
