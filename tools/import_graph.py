# SPDX-License-Identifier: MIT
"""The import graph of the device modules: who loads whom on the board.

    .venv/bin/python tools/import_graph.py            # every arrow, then the circles
    .venv/bin/python tools/import_graph.py --circles  # only the circles (exit 1 if any)
    .venv/bin/python tools/import_graph.py --board    # the modules a board loads
    .venv/bin/python tools/import_graph.py --write    # redraw the picture in docs/ARCHITECTURE.md
    .venv/bin/python tools/import_graph.py --check    # exit 1 when that picture is stale

(``make graph`` runs ``--write``.) The device modules are the ``.py``
files of ``shared/`` and ``firmware/``: ``tricktally.*``, ``tallyboard.*``
and ``main`` (firmware/main.py). The code is read, never run (Python's
``ast``), and an arrow A -> B means that A loads B or names it:

- ``import`` and ``from ... import`` anywhere, inside functions too
  (a lazy import is still an import);
- ``__import__`` and ``importlib.import_module`` of a constant, or of a
  constant prefix plus a name (``"tallyboard.boards." + name``): then every
  module that prefix and a one-word string of the same module name
  (``BOARDS = ("pico", ...)``, ``load("font_small")``);
- a string that is a module's dotted name (``"tallyboard.ui.setup"``, a
  screen's ``loads``, an ``unload``), or a list of them in one string, the
  words relative to a top package (``MENU_MODULES = "ui.setup ui.home ..."``).
  Docstrings do not count.

``from pkg import mod`` of a module alone is an arrow to ``pkg.mod`` only
(``pkg`` is loaded first, as for any import of ``pkg.mod``); one that takes
a name ``pkg`` defines is an arrow to ``pkg`` too.

Circles are counted without the arrows from a package's ``__init__`` down
to its own modules when they are lazy or names (``tricktally.new_game``
importing the game it makes, ``tallyboard.MENU_MODULES`` naming the menus
to forget): every module of a package stands on that package (Python loads
it first), so the package is the floor they stand on. A package that
imports its own modules when it loads stands above them, and a module of
it that takes a name from it closes a circle.
"""

import ast
import pathlib
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
# The source folders of the device code (DESIGN.md's layout).
SOURCE_DIRS = ("shared", "firmware")
# Build files, not modules: the freezing manifest (hardware/README.md).
NOT_MODULES = ("firmware/manifest.py",)
# What a board starts by name: main.py at boot, and the hardware smoke test
# a maker runs (``make smoke PORT=...``: import tallyboard.smoke).
BOARD_ENTRY_POINTS = ("main", "tallyboard.smoke")

ARCHITECTURE = REPO / "docs" / "ARCHITECTURE.md"
BEGIN = "<!-- import graph: made by tools/import_graph.py --write (make graph); do not edit -->"
END = "<!-- end of the import graph -->"


def device_modules(root=REPO):
    """{dotted module name: source path} of every device module under ``root``."""
    root = pathlib.Path(root)
    out = {}
    for folder in SOURCE_DIRS:
        base = root / folder
        for path in sorted(base.rglob("*.py")):
            if "__pycache__" in path.parts or path.relative_to(root).as_posix() in NOT_MODULES:
                continue
            parts = list(path.relative_to(base).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            out[".".join(parts)] = path
    return out


def _docstrings(tree):
    # The string constants that are docstrings (module, class, function).
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                found.add(id(body[0].value))
    return found


def _tops(modules):
    return sorted({name.split(".")[0] for name in modules if "." in name})


def _resolve_word(word, own_top, modules):
    # A word of a module list: a full dotted name, or one relative to the
    # module's own top package, then to the others.
    if word in modules and "." in word:
        return word
    tops = [own_top] + [t for t in _tops(modules) if t != own_top]
    for top in tops:
        if top + "." + word in modules:
            return top + "." + word
    return None


def _package_of(name, path):
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _import_call_target(call):
    # The argument of __import__(x, ...) or importlib.import_module(x), or None.
    f = call.func
    if isinstance(f, ast.Name) and f.id == "__import__" or isinstance(f, ast.Attribute) and f.attr == "import_module":
        return call.args[0] if call.args else None
    return None


def imports_of(name, path, modules):
    """{module: kind} that module ``name`` (source ``path``) loads or names;
    kind is "import" (when the module loads), "lazy" (an import inside a
    function or an ``__import__``) or "name" (a string naming it)."""
    tree = ast.parse(pathlib.Path(path).read_text(encoding="utf-8"), str(path))
    package = _package_of(name, pathlib.Path(path))
    own_top = name.split(".")[0]
    docstrings = _docstrings(tree)
    words = set()  # one-word strings of the module, for __import__(prefix + name)
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            if node.value and not node.value.split()[1:] and node.value.strip() == node.value:
                words.add(node.value)
    found = {}

    def add(target, kind):
        if target in modules and target != name:
            # The strongest kind wins: loaded at import, then lazily, then named.
            rank = ("name", "lazy", "import")
            if rank.index(kind) > rank.index(found.get(target, "name")) or target not in found:
                found[target] = kind

    def visit(node, in_function):
        for child in ast.iter_child_nodes(node):
            inner = in_function or isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            kind = "lazy" if inner else "import"
            if isinstance(child, ast.Import):
                for alias in child.names:
                    add(alias.name, kind)
            elif isinstance(child, ast.ImportFrom):
                base = child.module or ""
                if child.level:
                    up = package.split(".")
                    up = up[: len(up) - child.level + 1]
                    base = ".".join(up + ([base] if base else []))
                for alias in child.names:
                    if base + "." + alias.name in modules:
                        add(base + "." + alias.name, kind)
                    else:
                        add(base, kind)
            elif isinstance(child, ast.Call) and _import_call_target(child) is not None:
                arg = _import_call_target(child)
                if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                    add(arg.value, "lazy")
                elif (isinstance(arg, ast.BinOp) and isinstance(arg.op, ast.Add) and isinstance(arg.left, ast.Constant)
                      and isinstance(arg.left.value, str)):
                    for word in words:
                        add(arg.left.value + word, "lazy")
            elif isinstance(child, ast.Constant) and isinstance(child.value, str) and id(child) not in docstrings:
                text = child.value.split()
                if len(text) == 1 and text[0] == child.value and text[0] in modules and "." in text[0]:
                    add(text[0], "name")
                elif len(text) > 1:
                    resolved = [_resolve_word(w, own_top, modules) for w in text]
                    if None not in resolved:
                        for target in resolved:
                            add(target, "name")
            visit(child, inner)

    visit(tree, False)
    return found


def graph(root=REPO):
    """{module: {imported module: kind}} for every device module under ``root``."""
    modules = device_modules(root)
    return {name: imports_of(name, path, modules) for name, path in modules.items()}


def _inside(name, package):
    return name.startswith(package + ".")


def circle_edges(g):
    """The arrows circles are made of: all but the lazy ones and the names
    from a package down into its own modules (see the module's docstring)."""
    return {a: sorted(b for b in targets if not _inside(b, a) or targets[b] == "import") for a, targets in g.items()}


def strongly_connected(edges):
    """The strongly connected groups of ``edges`` ({node: [nodes]}), each a
    sorted list, in a stable order (Tarjan's algorithm, iterative)."""
    index = {}
    low = {}
    stack = []
    on_stack = set()
    groups = []
    counter = [0]
    for start in sorted(edges):
        if start in index:
            continue
        work = [(start, iter(edges.get(start, ())))]
        index[start] = low[start] = counter[0]
        counter[0] += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, it = work[-1]
            advanced = False
            for nxt in it:
                if nxt not in index:
                    index[nxt] = low[nxt] = counter[0]
                    counter[0] += 1
                    stack.append(nxt)
                    on_stack.add(nxt)
                    work.append((nxt, iter(edges.get(nxt, ()))))
                    advanced = True
                    break
                if nxt in on_stack:
                    low[node] = min(low[node], index[nxt])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                groups.append(sorted(group))
    return sorted(groups)


def circles(g):
    """The import circles of graph ``g``: groups of two or more modules
    that reach each other, each a sorted list."""
    return [group for group in strongly_connected(circle_edges(g)) if len(group) > 1]


def reachable(g, roots=BOARD_ENTRY_POINTS):
    """Every module loaded from ``roots`` (a module loads the packages above
    it too), sorted."""
    seen = set()
    todo = list(roots)
    while todo:
        name = todo.pop()
        if name in seen or name not in g:
            continue
        seen.add(name)
        todo.extend(g[name])
        parts = name.split(".")
        todo.extend(".".join(parts[:i]) for i in range(1, len(parts)))
    return sorted(seen)


# ----- the picture -----------------------------------------------------------


def floors(g):
    """{module: floor}: 1 for a module that imports no other (its circle
    counted as one room), else one above the highest it imports."""
    edges = circle_edges(g)
    group_of = {}
    for group in strongly_connected(edges):
        for member in group:
            group_of[member] = tuple(group)
    memo = {}

    def floor(group):
        if group not in memo:
            memo[group] = 0  # a guard; circles are one group, so never read
            below = {group_of[t] for m in group for t in edges[m]} - {group}
            memo[group] = 1 + max((floor(b) for b in below), default=0)
        return memo[group]

    sys.setrecursionlimit(max(1000, 4 * len(g)))
    return {m: floor(group_of[m]) for m in g}


def _short(name):
    return name.split(".", 1)[1] if name.startswith(("tallyboard.", "tricktally.")) else name


def area_of(name):
    """The part of the house module ``name`` belongs to: the rules core
    (``tricktally``), a package of the board's (``tallyboard.ui``,
    ``tallyboard.boards``), or for a module of ``tallyboard`` itself the
    stem of its name (``journal_ops``: ``tallyboard.journal``)."""
    parts = name.split(".")
    if parts[0] == "tricktally" or len(parts) == 1:
        return parts[0]
    if len(parts) > 2:
        return ".".join(parts[:2])
    return parts[0] + "." + parts[1].split("_")[0]


def _reduced(arrows):
    # The arrows of a DAG ({(a, b): solid}) that no longer path implies.
    after = {}
    for a, b in arrows:
        after.setdefault(a, set()).add(b)

    def reaches(src, dst):
        todo = [n for n in after.get(src, ()) if n != dst]
        seen = set()
        while todo:
            n = todo.pop()
            if n == dst:
                return True
            if n not in seen:
                seen.add(n)
                todo.extend(after.get(n, ()))
        return False

    return sorted(arrow for arrow in arrows if not reaches(*arrow))


def mermaid(g, roots=BOARD_ENTRY_POINTS):
    """The parts of the board's code (modules reachable from ``roots``,
    grouped by ``area_of``) as a Mermaid flowchart: an arrow A -> B when a
    module of A loads or names one of B, only where no longer path says it
    already (dotted: only lazy imports and names); parts that reach each
    other are drawn as one box, a circle, and a part whose own modules
    make one says so."""
    board = set(reachable(g, roots))
    edges = circle_edges(g)
    members = {}
    for m in board:
        members.setdefault(area_of(m), []).append(m)
    links = {}
    for a in board:
        for b in edges[a]:
            if b in board and area_of(a) != area_of(b):
                key = (area_of(a), area_of(b))
                links[key] = links.get(key, False) or g[a][b] == "import"
    graph_of_areas = {area: sorted({b for a, b in links if a == area}) for area in members}
    group_of = {a: tuple(grp) for grp in strongly_connected(graph_of_areas) for a in grp}
    arrows = {}
    for (a, b), solid in links.items():
        if group_of[a] != group_of[b]:
            key = (group_of[a], group_of[b])
            arrows[key] = arrows.get(key, False) or solid
    ids = {grp: grp[0].replace(".", "_") for grp in set(group_of.values())}
    tangled = {area_of(m) for group in circles(g) for m in group}
    lines = ["```mermaid", "flowchart TD"]
    for grp in sorted(ids):
        names = sorted(_short(m) for area in grp for m in members[area])
        title = " / ".join(_short(area) for area in grp)
        if len(grp) > 1:
            title = "circle: " + title
        elif grp[0] in tangled:
            title += " (a circle inside)"
        rows = [", ".join(names[i:i + 4]) for i in range(0, len(names), 4)]
        if names == [_short(grp[0])]:
            rows = []
        lines.append('  %s["<b>%s</b>%s"]' % (ids[grp], title, "".join("<br/>" + r for r in rows)))
    for a, b in _reduced(arrows):
        lines.append("  %s %s %s" % (ids[a], "-->" if arrows[(a, b)] else "-.->", ids[b]))
    lines.append("```")
    return "\n".join(lines)


def floors_table(g, roots=BOARD_ENTRY_POINTS):
    """The board's modules floor by floor, top first, as a Markdown table
    (a circle's modules share its floor and are marked)."""
    board = set(reachable(g, roots))
    level = floors(g)
    circled = {m for group in circles(g) for m in group}
    by_floor = {}
    for m in board:
        by_floor.setdefault(level[m], []).append(m)
    lines = ["| floor | modules (in a circle: *italic*) |", "|---:|---|"]
    for f in sorted(by_floor, reverse=True):
        names = ["*%s*" % m if m in circled else m for m in sorted(by_floor[f])]
        lines.append("| %d | %s |" % (f, ", ".join(names)))
    return "\n".join(lines)


def picture(g):
    """The block between BEGIN and END in docs/ARCHITECTURE.md."""
    return "\n".join([BEGIN, "", mermaid(g), "", floors_table(g), "", END])


def rewrite(text, block):
    """``text`` with the block between BEGIN and END replaced by ``block``;
    ValueError when the markers are missing."""
    start = text.find(BEGIN)
    stop = text.find(END)
    if start < 0 or stop < start:
        raise ValueError("docs/ARCHITECTURE.md has no import graph markers (%s ... %s)" % (BEGIN, END))
    return text[:start] + block + text[stop + len(END):]


def main(argv):
    """The command line (see the module's docstring); returns the exit status."""
    g = graph()
    if "--write" in argv or "--check" in argv:
        old = ARCHITECTURE.read_text(encoding="utf-8")
        try:
            new = rewrite(old, picture(g))
        except ValueError as e:
            print("import_graph: %s" % e, file=sys.stderr)
            return 2
        if "--check" in argv:
            if new != old:
                print("docs/ARCHITECTURE.md: the import graph is stale (run make graph)", file=sys.stderr)
                return 1
            return 0
        if new != old:
            ARCHITECTURE.write_text(new, encoding="utf-8")
        return 0
    if "--board" in argv:
        for name in reachable(g):
            print(name)
        return 0
    found = circles(g)
    if "--circles" not in argv:
        for a in sorted(g):
            for b in sorted(g[a]):
                print("%s -> %s (%s)" % (a, b, g[a][b]))
    for i, group in enumerate(found, 1):
        print("circle %d: %s" % (i, ", ".join(group)))
    if not found:
        print("no circles")
    return 1 if found and "--circles" in argv else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
