"""Fast in-process sweep of the conformance corpus: parse, verify and print
every case and tally the failures by message (no upstream oracle needed).

    python experiments/corpus_sweep.py valid|invalid|generic [PATH-FILTER] [--generic]

``--generic`` prints in generic form. Use ../shared/tools/conformance.py for
the real verdict against mlir-opt; this is for quick iteration."""

import collections
import glob
import sys
import traceback

from polymlir.ir.diagnostics import DiagnosticError
from polymlir.parser.parser import parse_source
from polymlir.printer import print_op
from polymlir.testing.external import require_shared
from polymlir.verifier import verify

sys.setrecursionlimit(20000)  # deeply nested cases of the corpus

kind = sys.argv[1]  # generic | valid | invalid
generic_out = "--generic" in sys.argv
corpus = str(require_shared("corpus")) + "/"
root = corpus + ("generic/valid" if kind == "generic" else kind)
files = sorted(glob.glob(root + "/*/*.mlir"))
flt = [a for a in sys.argv[2:] if not a.startswith("--")]
if flt:
    files = [f for f in files if flt[0] in f]
res = collections.Counter()
msgs = collections.Counter()
examples = {}
for f in files:
    text = open(f).read()
    try:
        m = parse_source(text, f, True)
        verify(m)
        out = print_op(m, generic=generic_out)
        res["ok"] += 1
        if kind == "invalid":
            examples.setdefault("accepted", []).append(f)
    except DiagnosticError as e:
        res["diag"] += 1
        key = e.message[:70]
        msgs[key] += 1
        if kind != "invalid":
            examples.setdefault(key, []).append(f)
    except Exception as e:
        res["crash"] += 1
        tb = traceback.extract_tb(e.__traceback__)[-1]
        key = f"CRASH {type(e).__name__}: {str(e)[:60]} @ {tb.filename.split('/')[-1]}:{tb.lineno}"
        msgs[key] += 1
        examples.setdefault(key, []).append(f)
print(res)
for k, v in msgs.most_common(40):
    print(v, k, examples.get(k, [""])[0].replace(corpus, ""))
if kind == "invalid":
    print("accepted:", len(examples.get("accepted", [])))
    for f in examples.get("accepted", [])[:80]:
        print("  ", f.replace(corpus, ""))
