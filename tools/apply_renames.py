"""Rewrite imports after modules moved: ``python tools/apply_renames.py RENAMES.txt FILE...``
(from the repository root).

RENAMES.txt holds one move a line (``#`` starts a comment):

    old.dotted.module new.dotted.module      a module moved (a prefix: its submodules move too)
    old.dotted.module:Name new.dotted.module a public name moved when a module was split
    .method new.dotted.module:function       a method became a function of its receiver:
                                             ``x.method(a)`` -> ``function(x, a)`` (the import is added)

Every ``import``/``from ... import`` statement of the given files that names an
old module or a moved name is rewritten (relative imports stay relative, computed
from the file's new place; a file that itself moved has its relative imports
resolved from its old place first). Remaining dotted old names in the text
(strings, ``polymlir.x.y.attr`` chains) are replaced too. Run ``ruff check
--fix`` and ``ruff format`` afterwards to sort and wrap the new lines.
"""

from __future__ import annotations

import ast
import re
import sys
from pathlib import Path

METHODS: dict[str, tuple[str, str]] = {}  # method -> (module, function)


def load(path: str) -> tuple[dict[str, str], dict[tuple[str, str], str]]:
    mods: dict[str, str] = {}
    names: dict[tuple[str, str], str] = {}
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        old, new = line.split()
        if old.startswith("."):
            mod, fn = new.split(":")
            METHODS[old[1:]] = (mod, fn)
        elif ":" in old:
            m, n = old.split(":")
            names[(m, n)] = new
        else:
            mods[old] = new
    return mods, names


def rename_module(m: str, mods: dict[str, str]) -> str:
    return mods.get(m, m)


def module_of(path: Path, root: Path) -> str:
    rel = path.resolve().relative_to(root.resolve()).with_suffix("")
    parts = list(rel.parts)
    return ".".join(parts)


def package_of(modname: str, is_init: bool) -> str:
    return modname if is_init else modname.rsplit(".", 1)[0]


def resolve(level: int, module: str | None, pkg: str) -> str:
    if level == 0:
        return module or ""
    base = pkg.split(".")
    base = base[: len(base) - (level - 1)]
    return ".".join(base + ([module] if module else []))


def relative(target: str, pkg: str) -> tuple[str, str | None]:
    """``from <dots><rest>``: the dots and rest naming ``target`` from package ``pkg``."""
    t, p = target.split("."), pkg.split(".")
    common = 0
    while common < min(len(t), len(p)) and t[common] == p[common]:
        common += 1
    dots = "." * (len(p) - common + 1)
    rest = ".".join(t[common:])
    return dots, rest or None


def rewrite_file(path: Path, root: Path, mods: dict[str, str], names: dict[tuple[str, str], str]) -> bool:
    src = path.read_text()
    try:
        tree = ast.parse(src)
    except SyntaxError:
        return False
    is_init = path.name == "__init__.py"
    new_mod = module_of(path, root)
    if is_init:
        new_mod = new_mod.rsplit(".", 1)[0]
    inverse = {v: k for k, v in mods.items()}
    old_mod = inverse.get(new_mod, new_mod)
    # A file that moved into a package that was its old name (memref.py -> memref/ops.py) keeps
    # its old module name for resolving its relative imports.
    old_is_init = is_init and old_mod == new_mod
    old_pkg = package_of(old_mod, old_is_init)
    new_pkg = package_of(new_mod, is_init)
    lines = src.splitlines(keepends=True)
    edits: list[tuple[int, int, str]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            absmod = resolve(node.level, node.module, old_pkg)
            groups: dict[str, list[str]] = {}
            order: list[str] = []
            changed = node.level > 0 and old_pkg != new_pkg
            for a in node.names:
                full = f"{absmod}.{a.name}"
                if rename_module(full, mods) != full and a.name != "*":
                    tgt = rename_module(full, mods)
                    parent, leaf = tgt.rsplit(".", 1)
                    alias = a.asname or a.name
                    text = leaf if alias == leaf else f"{leaf} as {alias}"
                    changed = True
                elif (absmod, a.name) in names:
                    parent = names[(absmod, a.name)]
                    text = a.name if not a.asname else f"{a.name} as {a.asname}"
                    changed = True
                else:
                    parent = rename_module(absmod, mods)
                    if parent != absmod:
                        changed = True
                    text = a.name if not a.asname else f"{a.name} as {a.asname}"
                if parent not in groups:
                    groups[parent] = []
                    order.append(parent)
                groups[parent].append(text)
            if not changed:
                continue
            indent = lines[node.lineno - 1][: node.col_offset]
            out = []
            for parent in order:
                if node.level > 0 and parent.split(".")[0] == new_pkg.split(".")[0]:
                    dots, rest = relative(parent, new_pkg)
                    frm = dots + (rest or "")
                else:
                    frm = parent
                out.append(f"{indent}from {frm} import {', '.join(groups[parent])}\n")
            edits.append((node.lineno, node.end_lineno or node.lineno, "".join(out)))
        elif isinstance(node, ast.Import):
            texts, changed = [], False
            for a in node.names:
                tgt = rename_module(a.name, mods)
                changed |= tgt != a.name
                texts.append(tgt if not a.asname else f"{tgt} as {a.asname}")
            if changed:
                indent = lines[node.lineno - 1][: node.col_offset]
                edits.append((node.lineno, node.end_lineno or node.lineno, f"{indent}import {', '.join(texts)}\n"))
    for start, end, text in sorted(edits, reverse=True):
        tail = lines[end - 1]
        # keep a trailing comment on the statement's last line
        m = re.search(r"\)?\s*(#.*)$", tail)
        if m and end == start and "#" in tail and text.count("\n") == 1:
            text = text[:-1] + "  " + m.group(1) + "\n"
        lines[start - 1 : end] = [text]
    out = "".join(lines)
    new_names = set(mods.values())

    def sub(m: re.Match) -> str:
        old, nxt = m.group(1), m.group(2) or ""
        if nxt and f"{old}.{nxt}" in new_names:  # already a new name (memref.views under memref)
            return m.group(0)
        return mods[old] + (f".{nxt}" if nxt else "")

    # A module that became a package of the same name (memref.py -> memref/ops.py) keeps its name valid:
    # only import statements are rewritten for it.
    textual = [o for o in mods if not mods[o].startswith(o + ".")]
    if textual:
        alts = "|".join(re.escape(o) for o in sorted(textual, key=len, reverse=True))
        out = re.sub(rf"(?<![\w.])({alts})(?![\w])(?:\.(\w+))?", sub, out)
    out = rewrite_methods(out, path, root)
    if out != src:
        path.write_text(out)
        return True
    return False


def rewrite_methods(s: str, path: Path, root: Path) -> str:
    """``recv.method(args)`` -> ``function(recv, args)``, with the function imported."""
    need: dict[str, set[str]] = {}
    for m, (mod, fn) in METHODS.items():
        pat = re.compile(rf"(?<![\w.])((?!Verdict\b)[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\.{m}\((\)?)")

        def sub(mm: re.Match, mod: str = mod, fn: str = fn) -> str:
            need.setdefault(mod, set()).add(fn)
            return f"{fn}({mm.group(1)})" if mm.group(2) else f"{fn}({mm.group(1)}, "

        s = pat.sub(sub, s)
    if not need or path.suffix != ".py":
        return s
    modname = module_of(path, root)
    if path.name == "__init__.py":
        modname = modname.rsplit(".", 1)[0]
    pkg = package_of(modname, path.name == "__init__.py")
    tree = ast.parse(s)
    last = 0
    for n in tree.body:
        if isinstance(n, (ast.Import, ast.ImportFrom)):
            last = n.end_lineno or n.lineno
        elif isinstance(n, ast.Expr) and n is tree.body[0]:
            continue
        elif isinstance(n, ast.If) and last:
            continue
        elif last:
            break
    lines = s.splitlines(keepends=True)
    add = []
    for mod, fns in need.items():
        if mod == modname:
            continue
        if modname.split(".")[0] == mod.split(".")[0]:
            dots, rest = relative(mod, pkg)
            frm = dots + (rest or "")
        else:
            frm = mod
        add.append(f"from {frm} import {', '.join(sorted(fns))}\n")
    lines[last:last] = add
    return "".join(lines)


def main(argv: list[str]) -> int:
    mods, names = load(argv[1])
    root = Path.cwd()  # run from the repository root
    n = 0
    for f in argv[2:]:
        n += rewrite_file(Path(f), root, mods, names)
    print(f"{n} files rewritten", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
