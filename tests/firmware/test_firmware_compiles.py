# SPDX-License-Identifier: MIT
"""mpy-cross compiles every file under firmware/ (new files included), and
the host's stand-ins for a board's parts (host/tallyfakes), which the
tests run on MicroPython too."""

import pytest

from tests.mpvm import REPO, device_files, mpy_cross

FILES = device_files("firmware") + device_files("host/tallyfakes")


def test_there_are_firmware_files():
    assert len(FILES) >= 10


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(REPO).as_posix() for p in FILES])
def test_mpy_cross_compiles(path, tmp_path):
    code, err = mpy_cross(path, tmp_path / "out.mpy")
    assert code == 0, err
    assert (tmp_path / "out.mpy").stat().st_size > 0
