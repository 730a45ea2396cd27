# SPDX-License-Identifier: MIT
"""`tricktally deploy`: the plan, mpy-cross staging, the mpremote command, --dry-run."""

import pathlib

import pytest
from click.testing import CliRunner

from tests.mpvm import REPO, device_files
from tricktally_host import deploy
from tricktally_host.cli import main


def expected_targets():
    out = {}
    for folder in ("shared", "firmware"):
        for path in device_files(folder):
            rel = path.relative_to(REPO / folder)
            if "__pycache__" in rel.parts or (folder == "firmware" and rel.as_posix() == "manifest.py"):
                continue
            if path.with_suffix(".bin").exists():
                continue  # the editable string table: the board reads its packed form
            keep = len(rel.parts) == 1 and rel.name in ("main.py", "boot.py")
            out[path] = rel.as_posix() if keep else rel.with_suffix(".mpy").as_posix()
    for path in sorted((REPO / "firmware").rglob("*.bin")):
        out[path] = path.relative_to(REPO / "firmware").as_posix()  # copied as they are
    return out


def test_plan_lists_every_device_file_and_only_those():
    files = deploy.plan()
    assert {f.source: f.target for f in files} == expected_targets()
    assert any(f.target == "tricktally/game.mpy" for f in files)
    assert any(f.target == "tallyboard/link.mpy" for f in files)
    # the board gets the packed string tables, not the translators' dicts
    assert {"tallyboard/lang_en.bin", "tallyboard/lang_fr.bin"} <= set(f.target for f in files)
    assert not [f.target for f in files if f.target in ("tallyboard/lang_en.mpy", "tallyboard/lang_fr.mpy")]
    for f in files:
        assert f.compile == f.target.endswith(".mpy")
        assert not str(f.source).startswith(str(REPO / "host")) and not str(f.source).startswith(str(REPO / "tests"))


def test_main_py_stays_source(tmp_path):
    (tmp_path / "shared" / "tricktally").mkdir(parents=True)
    (tmp_path / "firmware" / "tallyboard" / "ui").mkdir(parents=True)
    for rel in ("shared/tricktally/__init__.py", "firmware/main.py", "firmware/boot.py", "firmware/tallyboard/ui/x.py"):
        (tmp_path / rel).write_text("x = 1\n")
    (tmp_path / "firmware" / "README.md").write_text("not code")
    (tmp_path / "firmware" / "tallyboard" / "__pycache__").mkdir()
    (tmp_path / "firmware" / "tallyboard" / "__pycache__" / "y.py").write_text("")
    files = deploy.plan(tmp_path)
    assert [(f.target, f.compile) for f in files] == [
        ("boot.py", False), ("main.py", False), ("tallyboard/ui/x.mpy", True), ("tricktally/__init__.mpy", True)
    ]
    assert deploy.folders(files) == ["tallyboard", "tricktally", "tallyboard/ui"]


def test_dry_run_prints_the_plan_and_runs_nothing(monkeypatch):
    def forbidden(*a, **k):
        raise AssertionError("--dry-run ran %r" % (a,))

    monkeypatch.setattr(deploy.subprocess, "run", forbidden)
    monkeypatch.setattr(deploy, "stage", forbidden)
    result = CliRunner().invoke(main, ["deploy", "--dry-run", "--port", "/dev/ttyACM0"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    planned = [l for l in lines if l.startswith(("compile ", "copy "))]
    expected = expected_targets()
    assert len(planned) == len(expected)
    for path, target in expected.items():
        rel = path.relative_to(REPO).as_posix()
        assert any(l.split()[1] == rel and l.split()[-1] == ":" + target for l in planned), rel
    assert any("mpremote connect /dev/ttyACM0" in l for l in lines)


def test_staging_compiles_everything_with_mpy_cross(tmp_path):
    files = deploy.plan()
    deploy.stage(files, tmp_path)
    for f in files:
        out = tmp_path / f.target
        data = out.read_bytes()
        if f.compile:
            assert data[:1] == b"M", "%s is not an .mpy file" % f.target
        else:
            assert data == pathlib.Path(f.source).read_bytes()


def test_deploy_runs_one_mpremote_session(tmp_path, monkeypatch):
    calls = []

    class Done:
        returncode = 0

    real_run = deploy.subprocess.run

    def fake_run(argv, **kwargs):
        if "mpremote" in argv:
            calls.append(list(argv))
            staged = [a for a in argv if a.endswith((".mpy", ".py")) and "/" in a]
            for a in staged:
                assert pathlib.Path(a).exists(), a  # staged before the copy
            return Done()
        return real_run(argv, **kwargs)

    files = deploy.deploy("/dev/ttyACM9", run=fake_run, echo=lambda *_: None)
    assert len(calls) == 1
    argv = calls[0]
    assert argv[argv.index("connect") + 1] == "/dev/ttyACM9"
    script = argv[argv.index("exec") + 1]
    assert "os.mkdir" in script and "'tallyboard/link.py'" in script  # stale sources removed
    copied = [pathlib.Path(a).name for a in argv if a.endswith((".mpy", ".py", ".bin")) and "/" in a]
    assert sorted(copied) == sorted(pathlib.Path(f.target).name for f in files)
    assert argv[-1] == "reset"
    compile(script, "prepare", "exec")  # the board-side script is valid Python


def test_refused_file_names_it(tmp_path):
    (tmp_path / "shared" / "tricktally").mkdir(parents=True)
    (tmp_path / "firmware").mkdir()
    (tmp_path / "shared" / "tricktally" / "bad.py").write_text("def (:\n")
    with pytest.raises(deploy.DeployError) as info:
        deploy.stage(deploy.plan(tmp_path), tmp_path / "out")
    assert "bad.py" in str(info.value)


def _module_of(target):
    # The module a planned file is: "tallyboard/ui/x.mpy" is tallyboard.ui.x,
    # "tallyboard/__init__.mpy" the package, "main.py" main.
    parts = target.rsplit(".", 1)[0].split("/")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def test_the_plan_is_what_a_board_loads_no_more_no_less():
    # Both ways against the modules reachable from the board's entry points
    # (main.py, and the smoke test a maker runs), counting imports inside
    # functions and modules named by string (tools/import_graph.py): the
    # board files are chosen at run time by name, so they count.
    from tallyboard.lang_file import LANGUAGES
    from tools import import_graph

    files = deploy.plan()
    planned = {_module_of(f.target) for f in files if not f.target.endswith(deploy.PACKED_SUFFIX)}
    loaded = set(import_graph.reachable(import_graph.graph()))
    assert sorted(planned - loaded) == [], "deployed, but no board loads them"
    assert sorted(loaded - planned) == [], "a board loads them, but they are not deployed"
    assert {"tallyboard.boards.pico", "tallyboard.boards.esp32", "tallyboard.font_small", "tricktally.record"} <= planned
    # The packed string tables: one per language the board offers.
    tables = sorted(f.target for f in files if f.target.endswith(deploy.PACKED_SUFFIX))
    assert tables == sorted("tallyboard/lang_%s.bin" % code for code in LANGUAGES)


def test_the_plan_holds_no_stand_in_and_no_old_import_shim():
    targets = {f.target for f in deploy.plan()}
    for gone in ("tallyboard/simbus.mpy", "tallyboard/memfs.mpy", "tallyboard/fake_clock.mpy",
                 "tallyboard/fb_cpython.mpy", "tallyboard/describe.mpy", "tricktally/errors.mpy"):
        assert gone not in targets
    assert not [t for t in targets if t.startswith("tallyfakes/")]
