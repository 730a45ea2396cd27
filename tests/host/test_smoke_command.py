# SPDX-License-Identifier: MIT
"""`tricktally smoke`: the board's smoke test on the simulator, and its faults."""

from click.testing import CliRunner

from tricktally_host.cli import main


def test_smoke_passes_on_the_simulator(tmp_path):
    flash = tmp_path / "flash"
    result = CliRunner().invoke(main, ["smoke", "--flash", str(flash), "--show"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "TrickTally smoke test"
    assert sum(1 for line in lines if line.startswith("PASS ")) == 8
    assert "SMOKE: PASS (8 checks)" in lines
    # --show draws the pattern: 32 lines of 128 block characters, framed.
    drawing = lines[lines.index("SMOKE: PASS (8 checks)") + 1:]
    assert len(drawing) == 32 and all(len(line) == 128 for line in drawing)
    assert all(line[0] == "\u2588" and line[-1] == "\u2588" for line in drawing[1:-1])
    assert list(flash.iterdir()) == []  # the test file was removed


def test_smoke_reports_simulated_faults(tmp_path):
    args = ["smoke", "--flash", str(tmp_path), "--dead", "left", "--swap", "ok=back", "--stuck", "down"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 1
    assert "FAIL button left: no press within 10 s" in result.output
    assert "FAIL button ok: no press within 10 s (pressed instead: back)" in result.output
    assert "FAIL button down: reads pressed before being touched: pin shorted to ground?" in result.output
    assert "SMOKE: FAIL (3 of 8 checks failed: button down, button left, button ok)" in result.output


def test_bad_swap_is_refused():
    result = CliRunner().invoke(main, ["smoke", "--swap", "ok"])
    assert result.exit_code == 2
    assert "give BUTTON=BUTTON" in result.output
