"""How often ``polymlir opt FILE`` prints byte for byte what ``mlir-opt-22 FILE``
prints, over the valid conformance corpus.

    python experiments/print_identity.py [--corpus DIR] [--filter REGEX] [--cli]
                                         [--top 25] [--identical-list OUT] [--json OUT]

Cases are collected as ``../shared/tools/conformance.py`` collects them (one
case per ``valid/<dialect>/*.mlir`` file, no splitting) and both tools run
with ``--allow-unregistered-dialect``. Cases upstream rejects are skipped.
For the rest the script reports the share whose outputs are identical and,
for the others, the most common first differing line pairs (upstream's line,
then ours), both verbatim and with numbers and names blurred so that one
kind of difference is counted once.

polymlir runs in-process by default (``polymlir.cli.main``, the code path of
the console script, without the interpreter start-up that would dominate
the run time on a loaded machine); ``--cli`` runs the ``polymlir`` console
script instead.
"""

from __future__ import annotations

import argparse
import collections
import concurrent.futures
import contextlib
import io
import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

from polymlir.testing.external import shared_root

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_CORPUS = str((shared_root() or Path("/nonexistent")) / "corpus")


def collect_cases(corpus: str, pattern: str | None) -> list[tuple[str, str]]:
    """(relative name, path) of every valid case, as conformance.py orders them."""
    root = os.path.join(corpus, "valid")
    rx = re.compile(pattern) if pattern else None
    cases = []
    for dialect in sorted(os.listdir(root)):
        ddir = os.path.join(root, dialect)
        if not os.path.isdir(ddir):
            continue
        for name in sorted(os.listdir(ddir)):
            if not name.endswith(".mlir"):
                continue
            rel = f"valid/{dialect}/{name}"
            if rx and not rx.search(rel):
                continue
            cases.append((rel, os.path.join(ddir, name)))
    return cases


def run_upstream(mlir_opt: str, path: str) -> str | None:
    try:
        r = subprocess.run(
            [mlir_opt, "--allow-unregistered-dialect", path], capture_output=True, timeout=120, check=False
        )
    except subprocess.TimeoutExpired:
        return None
    return r.stdout.decode("utf-8", "replace") if r.returncode == 0 else None


def run_polymlir_cli(path: str) -> str | None:
    exe = os.path.join(os.path.dirname(sys.executable), "polymlir")
    cmd = [exe] if os.access(exe, os.X_OK) else [sys.executable, "-m", "polymlir"]
    try:
        r = subprocess.run(
            cmd + ["opt", "--allow-unregistered-dialect", path], capture_output=True, timeout=300, check=False
        )
    except subprocess.TimeoutExpired:
        return None
    return r.stdout.decode("utf-8", "replace") if r.returncode == 0 else None


def run_polymlir_in_process(path: str) -> str | None:
    from polymlir.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            rc = main(["opt", "--allow-unregistered-dialect", path])
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 1
    return out.getvalue() if rc == 0 else None


def first_difference(theirs: str, ours: str) -> tuple[int, str, str]:
    """(line number, upstream's line, our line) of the first differing line."""
    a, b = theirs.split("\n"), ours.split("\n")
    for i in range(max(len(a), len(b))):
        la = a[i] if i < len(a) else "<end of output>"
        lb = b[i] if i < len(b) else "<end of output>"
        if la != lb:
            return i + 1, la, lb
    return 0, "", ""


_BLUR = [
    (re.compile(r"%[A-Za-z_][\w$.]*|%\d+"), "%V"),
    (re.compile(r"\^bb\d+"), "^BB"),
    (re.compile(r"@[\w$.]+"), "@F"),
    (re.compile(r"(?<![\w])-?\d+(\.\d+)?(e[-+]?\d+)?"), "N"),
]


def blur(line: str) -> str:
    line = line.strip()
    for rx, rep in _BLUR:
        line = rx.sub(rep, line)
    return line


def main() -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument(
        "--corpus",
        default=os.environ.get("POLYMLIR_SHARED")
        and os.path.join(os.environ["POLYMLIR_SHARED"], "corpus")
        or DEFAULT_CORPUS,
    )
    ap.add_argument("--filter", default=None, help="only cases whose valid/<dialect>/<name> matches")
    ap.add_argument("--cli", action="store_true", help="run the polymlir console script per case")
    ap.add_argument("--jobs", type=int, default=2, help="concurrent upstream runs")
    ap.add_argument("--top", type=int, default=25, help="how many difference kinds to list")
    ap.add_argument("--identical-list", default=None, help="write the identical cases' names here")
    ap.add_argument("--json", default=None, help="per-case results as JSON")
    args = ap.parse_args()

    mlir_opt = shutil.which("mlir-opt-22") or shutil.which("mlir-opt")
    if mlir_opt is None:
        print("upstream mlir-opt-22 is not installed")
        return 2
    if not os.path.isdir(os.path.join(args.corpus, "valid")):
        print(f"no corpus at {args.corpus}")
        return 2
    cases = collect_cases(args.corpus, args.filter)
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as ex:
        theirs = list(ex.map(lambda c: run_upstream(mlir_opt, c[1]), cases))
    ours_fn = run_polymlir_cli if args.cli else run_polymlir_in_process

    results = []
    verbatim: collections.Counter[tuple[str, str]] = collections.Counter()
    blurred: collections.Counter[tuple[str, str]] = collections.Counter()
    examples: dict[tuple[str, str], str] = {}
    skipped = identical = failed = 0
    for (rel, path), up in zip(cases, theirs, strict=True):
        if up is None:
            skipped += 1
            results.append({"case": rel, "status": "upstream-rejects"})
            continue
        ours = ours_fn(path)
        if ours is None:
            failed += 1
            results.append({"case": rel, "status": "polymlir-fails"})
            continue
        if ours == up:
            identical += 1
            results.append({"case": rel, "status": "identical"})
            continue
        line, a, b = first_difference(up, ours)
        results.append({"case": rel, "status": "different", "line": line, "upstream": a, "polymlir": b})
        verbatim[(a.strip(), b.strip())] += 1
        key = (blur(a), blur(b))
        blurred[key] += 1
        examples.setdefault(key, f"{rel}:{line}")

    compared = len(cases) - skipped
    print(f"valid cases: {len(cases)}; upstream rejects {skipped}; compared {compared}; polymlir fails {failed}")
    share = identical / compared if compared else 0.0
    print(f"byte-identical: {identical}/{compared} ({100 * share:.1f}%)")
    if blurred:
        print(f"\nmost common first differences, blurred (upstream | polymlir), of {sum(blurred.values())}:")
        for (a, b), n in blurred.most_common(args.top):
            print(f"{n:5}  {a!r}\n       {b!r}   e.g. {examples[(a, b)]}")
        print("\nmost common first differing lines, verbatim:")
        for (a, b), n in verbatim.most_common(args.top):
            print(f"{n:5}  {a!r}\n       {b!r}")
    if args.identical_list:
        with open(args.identical_list, "w") as f:
            f.writelines(r["case"] + "\n" for r in results if r["status"] == "identical")
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"identical": identical, "compared": compared, "cases": results}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
