# SPDX-License-Identifier: MIT
"""tools/import_graph.py reads who loads whom among the device modules:
imports at the top and inside functions, ``__import__`` of a name or of a
prefix plus a name, and modules named by their dotted name in a string
(alone, or a list of them). Proven on small packages made here; the
picture of the real tree in docs/ARCHITECTURE.md is kept current by
``make graph``, and a stale one fails here. (The tree's own circles:
tests/test_no_circles.py.)"""

import subprocess
import sys
import textwrap

import pytest

from tools import import_graph

REPO = import_graph.REPO


def make_tree(root, files):
    """Write ``files`` ({path under root: source}) and return ``root``."""
    for rel, source in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source), encoding="utf-8")
    return root


def test_a_lazy_import_closes_a_circle(tmp_path):
    tree = make_tree(tmp_path, {
        "firmware/pkg/__init__.py": "",
        "firmware/pkg/a.py": "from pkg import b\n",
        "firmware/pkg/b.py": """
            def later():
                from pkg.a import thing  # loaded when called: still an import
                return thing
            """,
        "firmware/pkg/c.py": "import pkg.a\n",
    })
    g = import_graph.graph(tree)
    assert g["pkg.b"] == {"pkg.a": "lazy"}
    assert g["pkg.a"] == {"pkg.b": "import"}  # a module of pkg, not a name pkg defines
    assert import_graph.circles(g) == [["pkg.a", "pkg.b"]]


def test_modules_named_by_string_close_a_circle(tmp_path):
    tree = make_tree(tmp_path, {
        "firmware/pkg/__init__.py": "",
        "firmware/pkg/menu.py": """
            import pkg

            def forget():
                pkg.unload("pkg.home")  # a dotted name alone in a string
            """,
        "firmware/pkg/home.py": """
            SCREENS = "menu settings"  # a list of modules, relative to the top package

            def where(app):
                return app.loads
            """,
        "firmware/pkg/settings.py": """
            def open():
                return __import__("pkg.extra")
            """,
        "firmware/pkg/extra.py": "x = 1\n",
        "shared/core/__init__.py": "",
        "shared/core/game.py": "",
    })
    g = import_graph.graph(tree)
    assert g["pkg.menu"]["pkg.home"] == "name"
    assert g["pkg.home"] == {"pkg.menu": "name", "pkg.settings": "name"}
    assert g["pkg.settings"] == {"pkg.extra": "lazy"}
    assert import_graph.circles(g) == [["pkg.home", "pkg.menu"]]


def test_a_clean_dag_has_no_circle_and_prose_names_nothing(tmp_path):
    tree = make_tree(tmp_path, {
        # The package names its own modules (a list to forget, a factory):
        # those arrows point into the package, not round a circle.
        "firmware/pkg/__init__.py": '''
            MENUS = "top mid"

            def make(name):
                from pkg.top import Top
                return Top()
            ''',
        "firmware/pkg/top.py": '''
            """Loads pkg.bottom only through pkg.mid (pkg.bottom in a docstring names nothing)."""
            from pkg import mid
            from pkg.mid import Mid as Top
            ''',
        "firmware/pkg/mid.py": '''
            import pkg

            def check(x):
                if x < 0:
                    raise ValueError("pkg.top refused it")  # a message, not a module
                from pkg.bottom import y
                return y, "top"  # one word that happens to be a module: a value
            ''',
        "firmware/pkg/bottom.py": "y = 1\n",
        "firmware/pkg/boards/__init__.py": '''
            BOARDS = ("pico", "esp32")

            def load(name):
                return __import__("pkg.boards." + name, None, None, [name])
            ''',
        "firmware/pkg/boards/pico.py": "PIN = 1\n",
        "firmware/pkg/boards/esp32.py": "PIN = 2\n",
        "firmware/pkg/boards/unused.py": "PIN = 3\n",
        "firmware/main.py": "from pkg import boards, top\n",
        "firmware/manifest.py": "freeze('.')\n",
    })
    g = import_graph.graph(tree)
    assert "manifest" not in g  # a build file, not a module
    assert import_graph.circles(g) == []
    assert g["pkg.top"] == {"pkg.mid": "import"}
    assert g["pkg.mid"] == {"pkg": "import", "pkg.bottom": "lazy"}
    assert g["pkg"] == {"pkg.top": "lazy", "pkg.mid": "name"}
    assert g["pkg.boards"] == {"pkg.boards.pico": "lazy", "pkg.boards.esp32": "lazy"}
    # From main: every board file its loader names, the packages above
    # each module loaded, and nothing else.
    assert import_graph.reachable(g, ["main"]) == [
        "main", "pkg", "pkg.boards", "pkg.boards.esp32", "pkg.boards.pico", "pkg.bottom", "pkg.mid", "pkg.top"]
    floors = import_graph.floors(g)
    # the package is the ground its modules stand on (its arrows down into
    # them do not lift it)
    assert floors["pkg"] == floors["pkg.bottom"] == 1
    assert floors["pkg.mid"] == 2 and floors["pkg.top"] == 3 and floors["main"] == 4


def test_a_package_that_loads_its_modules_stands_above_them(tmp_path):
    tree = make_tree(tmp_path, {
        # a face: the package imports a module of its own when it loads...
        "firmware/pkg/__init__.py": "from pkg.low import helper\nVERSION = 1\n",
        # ...which takes a name the package defines: a circle
        "firmware/pkg/low.py": "from pkg import VERSION\n\ndef helper():\n    return VERSION\n",
        # only a module of the package: no arrow to the package itself
        "firmware/pkg/other.py": "from pkg import low\n",
    })
    g = import_graph.graph(tree)
    assert g["pkg"] == {"pkg.low": "import"}
    assert g["pkg.low"] == {"pkg": "import"}
    assert g["pkg.other"] == {"pkg.low": "import"}
    assert import_graph.circles(g) == [["pkg", "pkg.low"]]


def test_relative_imports_resolve_to_their_package(tmp_path):
    tree = make_tree(tmp_path, {
        "firmware/pkg/__init__.py": "",
        "firmware/pkg/ui/__init__.py": "",
        "firmware/pkg/ui/a.py": "from . import b\nfrom ..c import x\n",
        "firmware/pkg/ui/b.py": "",
        "firmware/pkg/c.py": "x = 1\n",
    })
    g = import_graph.graph(tree)
    assert g["pkg.ui.a"] == {"pkg.ui.b": "import", "pkg.c": "import"}


def test_the_picture_draws_each_circle_as_one_box_and_only_needed_arrows(tmp_path):
    tree = make_tree(tmp_path, {
        "firmware/pkg/__init__.py": "",
        "firmware/pkg/a.py": "from pkg import b, c\n",
        "firmware/pkg/b.py": "from pkg import c\n",
        "firmware/pkg/c.py": "def f():\n    from pkg import d\n",
        "firmware/pkg/d.py": "from pkg import c\n",
        "firmware/main.py": "from pkg import a\n",
    })
    text = import_graph.mermaid(import_graph.graph(tree), ["main"])
    assert text.startswith("```mermaid\nflowchart TD\n") and text.endswith("\n```")
    assert '["<b>circle: pkg.c / pkg.d</b><br/>pkg.c, pkg.d"]' in text
    assert "pkg_a --> pkg_b" in text
    assert "pkg_a --> pkg_c" not in text  # a -> b -> c says it already
    assert "pkg_b --> pkg_c" in text


def test_the_architecture_picture_is_current():
    # Fails when a module or an import changed and the picture did not
    # follow: run `make graph`.
    text = import_graph.ARCHITECTURE.read_text(encoding="utf-8")
    assert import_graph.BEGIN in text and import_graph.END in text
    assert import_graph.rewrite(text, import_graph.picture(import_graph.graph())) == text, "run make graph"


def test_a_stale_picture_is_caught_and_missing_markers_are_one_line():
    text = "before\n%s\nold picture\n%s\nafter\n" % (import_graph.BEGIN, import_graph.END)
    new = import_graph.rewrite(text, import_graph.BEGIN + "\nnew\n" + import_graph.END)
    assert new == "before\n%s\nnew\n%s\nafter\n" % (import_graph.BEGIN, import_graph.END)
    with pytest.raises(ValueError) as info:
        import_graph.rewrite("no markers here", "x")
    assert "markers" in str(info.value) and "\n" not in str(info.value)


def test_the_command_line_prints_the_board_and_checks_the_picture():
    board = subprocess.run([sys.executable, "tools/import_graph.py", "--board"], cwd=REPO, capture_output=True,
                           text=True, check=True).stdout.split()
    assert "main" in board and "tallyboard.ui.entry" in board and "tricktally.game" in board
    check = subprocess.run([sys.executable, "tools/import_graph.py", "--check"], cwd=REPO, capture_output=True, text=True)
    assert check.returncode == 0, check.stderr
