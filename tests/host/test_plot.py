# SPDX-License-Identifier: MIT
"""`tricktally plot`: a real PNG of the right size, drawn from the core's totals."""

from click.testing import CliRunner
from PIL import Image

from tests.host.test_db import fill
from tricktally_host.commands import plot
from tricktally_host.plot import DEFAULT_SIZE, plot_title, progression


COMMANDS = {"plot": plot.command}


def run(name, *args):
    # The command itself, not the whole `tricktally` group: these tests stay
    # independent of the other commands' imports (test_games_show checks the wiring).
    return CliRunner().invoke(COMMANDS[name], [str(a) for a in args])


def test_plot_writes_a_png_of_the_asked_size(db_target, tmp_path):
    db_path = db_target
    games = fill(db_path, seeds=[0, 1, 2, 4])
    for game_id, game in games.items():
        out = tmp_path / ("g%d.png" % game_id)
        size = (640, 400) if game_id % 2 else DEFAULT_SIZE
        args = ["plot", "E661-%d" % game_id, "-o", out, "--db", db_path]
        if game_id % 2:
            args += ["--size", "640x400"]
        result = run(*args)
        assert result.exit_code == 0, result.output
        with Image.open(out) as img:
            assert img.format == "PNG"
            assert img.size == size
            img.verify()
        with Image.open(out) as img:
            # Lines in colour, not a blank canvas: several distinct colours.
            colours = img.convert("RGB").getcolors(maxcolors=1 << 20)
            assert len(colours) > 20


def test_progression_follows_the_core_and_title_tells_the_outcome(db_target):
    games = fill(db_target, seeds=[1, 2, 3, 4])
    for game in games.values():
        series = progression(game)
        assert len(series) == len(game.sides)
        for i, totals in enumerate(series):
            assert totals[0] == 0
            assert totals[1:] == [h.totals[i] for h in game.hands]
            assert totals[-1] == game.totals[i]
        title = plot_title(game)
        if game.finished:
            assert "won by " + game.players[game.winners[0]] in title
        else:
            unit = "round" if game.NAME == "wizard" else "hand"
            assert "in progress after %d %s" % (len(game.hands), unit) in title


def test_plot_errors_exit_2(db_target, tmp_path):
    db_path = db_target
    fill(db_path, seeds=[1])
    result = run("plot", "E661-5", "-o", tmp_path / "x.png", "--db", db_path)
    assert result.exit_code == 2 and "no stored game 'E661-5'" in result.output
    assert not (tmp_path / "x.png").exists()
    result = run("plot", "E661-1", "-o", tmp_path / "x.png", "--size", "huge", "--db", db_path)
    assert result.exit_code == 2 and "WIDTHxHEIGHT" in result.output
    result = run("plot", "E661-1", "-o", tmp_path / "no" / "such" / "x.png", "--db", db_path)
    assert result.exit_code == 2 and "cannot write" in result.output


def test_command_default_size_matches_and_cli_does_not_load_matplotlib():
    import subprocess
    import sys

    from tricktally_host.commands import plot as plot_command

    assert plot_command.DEFAULT_SIZE == DEFAULT_SIZE
    code = "import sys, tricktally_host.commands.plot; print('matplotlib' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "False", out.stderr
