"""Every code example of the five seed documents is a test.

The seeds (``seeds/`` of the external data, see ``tests/shared_data.py``:
LangRef, linalg, LLVM lowering, memref, affine) are written in MLIR's 2019-2020 syntax and rendered in three ways:
fenced Markdown (```` ```mlir ````), the same with line-number prefixes
(``168 ## Calling Convention``, or ``69```mlir`` without a space), and plain
text where a line ``mlir`` or an indented paragraph marks the code. The
extractor below reads each document with its own convention and yields the
code blocks with the document's line numbers.

Each block is one of:

* grammar (EBNF, ``::=`` productions) or another language (shell, C++,
  TableGen, the ``mlir-linalg-ods-gen`` notation): listed, not parsed;
* a list of types and attributes (``tensor<* x f32>``, ``!llvm<"i32*">``,
  ``memref<f32> -> !llvm<"{ float*, float*, i64 }">``): each line must read;
* IR. A block showing a conversion ("... is transformed into", "// after")
  is split into its before and after parts, and a line that is only ``...``
  (elided code) is dropped. A block that fails only because it lists
  alternatives (defining the same name twice, or using one value at two
  types, as "Equivalent generic form:" blocks do) is split into its
  comment-introduced alternatives. Each part must then either

  - parse and verify as written ("parsed"), or
  - parse and verify inside a harness ("fragment"): a snippet of ops
    becomes the body of ``func.func @fragment`` whose arguments are the
    values it uses but does not define (their types are those the uses
    give), with its alias definitions moved before the function, the blocks
    it branches to but does not define added, and a terminator added when
    its last op is none; callees and globals it uses but does not define
    are declared from the types at the use (the only completion a snippet
    that defines functions gets);

  and in both cases the output, printed in today's syntax, must parse again
  to the same text and (when ``mlir-opt-22`` is installed) be accepted by
  upstream; or

  - be in ``KNOWN_MALFORMED`` with the reason (judged case by case) and the
    exact, located error polymlir reports (a diagnostic, never a
    traceback); ``PENDING_VERIFIER_RULES`` lists the examples today's MLIR
    rejects that polymlir still accepts, for lack of a verifier rule in
    another dialect (expected failures until the rule lands).

``python -m tests.unit.test_seed_examples`` prints the verdict of each block.
"""

from __future__ import annotations

import re
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from polymlir.ir.diagnostics import DiagnosticError
from polymlir.ir.traits import TERMINATOR
from polymlir.parser.parser import Parser, parse_source
from polymlir.printer import print_op
from polymlir.verifier import verify

from ..shared_data import missing_reason, params_or_skip, shared_path, upstream

SEEDS = shared_path("seeds")  # None without the external data: every test skips
MLIR_OPT = upstream("mlir-opt")

pytestmark = pytest.mark.skipif(SEEDS is None, reason=missing_reason("seeds"))


# -- extraction ------------------------------------------------------------------------------


@dataclass
class Block:
    """A code block: the seed ("000".."004"), the document line of its first
    line, the fence info string (or "marker"/"indented"), its lines."""

    seed: str
    line: int
    info: str
    lines: list[tuple[int, str]] = field(default_factory=list)

    @property
    def text(self) -> str:
        return "\n".join(t for _, t in self.lines)


def numbered_lines(path: Path) -> list[tuple[int, str]]:
    """(document line number, text) with the rendering's line numbers removed.

    ``12 text`` (numbers with a space, blank lines omitted) and ``12text``
    (consecutive numbers, no space) are both used; a line of the second kind
    that does not start with the next number continues the previous one."""
    raw = path.read_text().splitlines()
    if sum(1 for line in raw if re.match(r"\d+ ", line)) > len(raw) // 2:
        out = []
        for i, line in enumerate(raw, 1):
            m = re.match(r"(\d+) ?(.*)\Z", line)
            out.append((int(m.group(1)), m.group(2)) if m else (i, line))
        return out
    first = next((i for i, line in enumerate(raw) if re.match(r"1\D", line)), None)
    if first is None or not raw[first + 1 : first + 2] or not raw[first + 1].startswith("2"):
        return list(enumerate(raw, 1))
    out = list(enumerate(raw[:first], 1))
    n = 1
    for line in raw[first:]:
        if line.startswith(str(n)):
            out.append((n, line[len(str(n)) :]))
            n += 1
        else:
            out.append((n - 1, line))
    return out


FENCE = re.compile(r"\s*```(.*)\Z")


def fenced_blocks(seed: str, lines: list[tuple[int, str]]) -> list[Block]:
    out: list[Block] = []
    cur: Block | None = None
    for no, text in lines:
        m = FENCE.match(text)
        if m:
            if cur is None:
                cur = Block(seed, no + 1, m.group(1).strip())
            else:
                out.append(cur)
                cur = None
        elif cur is not None:
            if not cur.lines:
                cur.line = no
            cur.lines.append((no, text))
    return out


# Unfenced documents: a line is code if it is indented (not a bullet or a
# numbered item), starts with a sigil, a comment or an op keyword, or is a
# grammar production; a line with four plain words in a row is prose.
_CODE_START = re.compile(
    r"(\s+\S|[%#!^}{:]|//|\.\.\.|(func|for|if|return|call|dma_start|dma_wait)\s+\S|return\s*\Z"
    r"|(memref|affine|arith|llvm|scf|func)\.\w)"
)
_SENTENCE = re.compile(r"(?:\b[A-Za-z]+ ){3}[A-Za-z]+\b")
_PROSE_ITEM = re.compile(r"\s+(•|\d+\.\s)")


def code_like(text: str) -> bool:
    s = text.strip()
    if not s or s == "source":
        return False
    if " ::= " in text or s.startswith("//"):
        return True
    return bool(_CODE_START.match(text)) and not _PROSE_ITEM.match(text) and not _SENTENCE.search(text)


def unfenced_blocks(seed: str, lines: list[tuple[int, str]]) -> list[Block]:
    """A line ``mlir`` opens a block (its next line is code whatever it
    looks like; ``mlir <code>`` is a one-line block); otherwise a code-like
    line does. A block runs over code-like lines and blank lines followed by
    code-like lines."""
    out: list[Block] = []
    i, n = 0, len(lines)
    while i < n:
        no, text = lines[i]
        marker = re.match(r"mlir(?: (.*))?\Z", text)
        if not marker and not code_like(text):
            i += 1
            continue
        b = Block(seed, no, "marker" if marker else "indented")
        if marker and marker.group(1):
            b.lines.append((no, marker.group(1)))
            out.append(b)
            i += 1
            continue
        if marker:
            i += 1
            if i < n:
                b.line = lines[i][0]
                b.lines.append(lines[i])
                i += 1
        while i < n:
            t = lines[i][1]
            if code_like(t):
                b.lines.append(lines[i])
                i += 1
                continue
            if not t.strip():
                j = i
                while j < n and not lines[j][1].strip():
                    j += 1
                if j < n and code_like(lines[j][1]):
                    b.lines.extend(lines[i:j])
                    i = j
                    continue
            break
        while b.lines and not b.lines[-1][1].strip():
            b.lines.pop()
        out.append(b)
    return out


def seed_blocks() -> list[Block]:
    blocks: list[Block] = []
    for path in sorted(SEEDS.glob("0*.txt")):
        lines = numbered_lines(path)
        if any(FENCE.match(t) for _, t in lines):
            blocks += fenced_blocks(path.name[:3], lines)
        else:
            blocks += unfenced_blocks(path.name[:3], lines)
    return blocks


# -- classification ------------------------------------------------------------------------------

# Untagged blocks that are not MLIR (fenced ones say so in their tag).
NON_MLIR = {
    ("001", 635): "the mlir-linalg-ods-gen specification language (Tensor Comprehensions style)",
    ("001", 644): "ODS (TableGen) generated from that specification",
    ("001", 653): "C++ generated from that specification",
}
_OTHER_LANGUAGES = {"shell", "cpp", "c++", "c", "tablegen", "python"}

# A comment announcing that the code below is the converted form of the code above.
_CONVERSION = re.compile(
    r"\s*//\s*(is transformed into|gets converted|gets llvm type|has its result aggregated"
    r"|are converted into|after\s*\Z)",
    re.I,
)

_ALIAS_DEF = re.compile(r"\s*[#!][\w.$]+\s*=")
_VALUE_START = re.compile(
    r"\s*([!#(\-0-9]|(tensor|memref|vector|complex|tuple|index|none|[su]?i[0-9]+|bf16|f16|f32|f64|sparse|dense"
    r"|opaque|affine_map|affine_set|unit|true|false)(?=[<\s]|\Z))"
)


def strip_comment(line: str) -> str:
    """``line`` without a trailing ``//`` comment (outside string literals)."""
    in_str = False
    i = 0
    while i < len(line):
        c = line[i]
        if c == '"':
            in_str = not in_str
        elif c == "\\" and in_str:
            i += 1
        elif not in_str and line.startswith("//", i):
            return line[:i].rstrip()
        i += 1
    return line.rstrip()


def statements(lines: list[tuple[int, str]]) -> list[tuple[int, str]]:
    return [(no, s) for no, t in lines if (s := strip_comment(t)).strip()]


@dataclass
class Example:
    seed: str
    line: int
    kind: str  # "ir" | "values" | "grammar" | "other"
    lines: list[tuple[int, str]]
    elided: bool = False
    note: str = ""

    @property
    def key(self) -> tuple[str, int]:
        return (self.seed, self.line)

    @property
    def text(self) -> str:
        return "\n".join(t for _, t in self.lines)


def examples() -> list[Example]:
    out: list[Example] = []
    for b in seed_blocks():
        stmts = statements(b.lines)
        info = b.info.lower()
        if not stmts:
            continue
        if "ebnf" in info or any("::=" in s for _, s in stmts):
            out.append(Example(b.seed, b.line, "grammar", b.lines, note="EBNF grammar"))
            continue
        if info.split(" ")[0] in _OTHER_LANGUAGES or (b.seed, b.line) in NON_MLIR:
            out.append(
                Example(b.seed, b.line, "other", b.lines, note=NON_MLIR.get((b.seed, b.line), f"a {info} block"))
            )
            continue
        if all(_VALUE_START.match(s) and not _ALIAS_DEF.match(s) for _, s in stmts):
            out.append(Example(b.seed, b.line, "values", b.lines))
            continue
        # IR: split a before/after conversion, drop elisions.
        parts: list[list[tuple[int, str]]] = [[]]
        for no, t in b.lines:
            if _CONVERSION.match(t) and statements(parts[-1]):
                parts.append([])
            parts[-1].append((no, t))
        for part in parts:
            kept = [(no, t) for no, t in part if t.strip() != "..."]
            body = statements(kept)
            if not body:
                continue
            ex = Example(b.seed, body[0][0], "ir", kept, elided=len(kept) != len(part))
            out.extend(alternatives(ex) or [ex])
    return out


# Errors that show a block lists alternatives rather than one program.
_CLASH = re.compile(r"redefinition of SSA value|expects different type than prior uses")


def alternatives(ex: Example) -> list[Example] | None:
    """The comment-introduced alternatives of a block that only fails because
    they clash (the same name defined twice, one value used at two types),
    each with the block's alias definitions; None for other blocks."""
    v = check_ir(ex)
    if v.status != "error" or not _CLASH.search(v.message):
        return None
    prelude, rest = _split_aliases(ex.lines)
    groups: list[list[tuple[int, str]]] = [[]]
    prev_code = False
    for no, t in rest:
        is_comment = t.strip().startswith("//")
        if is_comment and prev_code:
            groups.append([])
        groups[-1].append((no, t))
        if t.strip():
            prev_code = not is_comment
    out = []
    for g in groups:
        body = statements(g)
        if body:
            out.append(
                Example(
                    ex.seed,
                    body[0][0],
                    "ir",
                    prelude + g,
                    elided=ex.elided,
                    note=f"alternative of the block at line {ex.line}",
                )
            )
    return out if len(out) > 1 else None


# -- checking ------------------------------------------------------------------------------


@dataclass
class Verdict:
    status: str  # "parsed" | "fragment" | "values" | "error"
    output: str = ""
    message: str = ""
    line: int = 0  # document line of the error
    harness: str = ""


Lines = list  # [(document line or None for harness lines, text)]


def _doc_line(lines: Lines, text_line: int) -> int:
    """The document line of line ``text_line`` (1-based) of ``lines``; a
    harness line counts as the nearest document line before it."""
    i = min(max(text_line - 1, 0), len(lines) - 1)
    for j in list(range(i, -1, -1)) + list(range(i + 1, len(lines))):
        if lines[j][0] is not None:
            return lines[j][0]
    return 0


def _error_verdict(lines: Lines, e: DiagnosticError) -> Verdict:
    line = getattr(e.loc, "line", 0) if e.loc is not None else 0
    return Verdict("error", message=e.message, line=_doc_line(lines, line) if line else 0)


def check_values(ex: Example) -> Verdict:
    """Each line is a type, an attribute, or a ``type -> type`` mapping."""
    import polymlir

    n = 0
    for no, s in statements(ex.lines):
        s = s.strip()
        try:
            polymlir.parse_attribute(s)  # a type reads as a type attribute
        except DiagnosticError as e:
            parts = s.split(" -> ")
            ok = False
            for k in range(1, len(parts)):
                try:
                    polymlir.parse_type(" -> ".join(parts[:k]))
                    polymlir.parse_type(" -> ".join(parts[k:]))
                    ok = True
                    break
                except DiagnosticError:
                    continue
            if not ok:
                return Verdict("error", message=e.message, line=no)
        n += 1
    return Verdict("values", output=f"{n} types/attributes")


class _CollectingParser(Parser):
    """Parses a fragment wrapped in a function, collecting what it uses but
    does not define instead of reporting it (at the two places the parser
    reports them: the end of an SSA scope and of a block scope)."""

    def __init__(self, *a, **kw):
        super().__init__(*a, **kw)
        self.free: list[tuple[str, int, object]] = []  # (name, result number, type)
        self.missing_blocks: dict[str, int] = {}  # name -> offset of the first use

    def _finish_iso_scope(self) -> None:
        scope = self.iso.pop()
        for (name, num), ref in sorted(scope.fwd.items(), key=lambda kv: kv[1].pos):
            self.free.append((name, num, ref.type))

    def _pop_region_scope(self) -> None:
        blocks = self.block_scopes[-1]
        for name, (_block, defined, pos) in list(blocks.items()):
            if not defined:
                self.missing_blocks.setdefault(name, pos)
                del blocks[name]
        super()._pop_region_scope()


def _block_arg_types(src: str, name: str, pos: int) -> list:
    """The types of the operands passed where block ``name`` is used at ``pos``."""
    after = pos + len(name)
    if not src.startswith("(", after):
        return []
    p = Parser(src, "<fragment>", True)
    p.reset(after)
    p.expect("(")
    if p.accept(")"):
        return []
    p.parse_operand_list()
    return p.parse_colon_type_list()


_DEFINES_FUNCTIONS = re.compile(r"^\s*(func|func\.func|llvm\.func|module)\b", re.M)
HEADER = "func.func @fragment"


def _call_decls(module) -> list[str]:
    """Declarations of the callees and globals the module uses but does not define."""
    defined = set()
    calls: dict[str, tuple[str, object]] = {}
    for op in module.walk():
        sym = op.properties.get("sym_name") if isinstance(op.properties, dict) else None
        if sym is not None:
            defined.add(sym.value)
        if op.name == "memref.get_global":
            calls.setdefault(op.properties["name"].root, (op.name, op.results[0].type))
        elif op.name in ("func.call", "llvm.call"):
            callee = op.properties.get("callee")
            if callee is not None and callee.root not in calls:
                ins = [v.type for v in op.operands]
                outs = [r.type for r in op.results]
                calls[callee.root] = (op.name, (ins, outs))
    decls = []
    for name, (kind, sig) in calls.items():
        if name in defined:
            continue
        if kind == "memref.get_global":
            decls.append(f'memref.global "private" @{name} : {sig}')
            continue
        ins, outs = sig
        args = ", ".join(str(t) for t in ins)
        res = ", ".join(str(t) for t in outs)
        if kind == "func.call":
            decls.append(f"func.func private @{name}({args})" + (f" -> ({res})" if outs else ""))
        else:
            decls.append(f"llvm.func @{name}({args})" + (f" -> {res}" if outs else ""))
    return decls


def _parse_and_verify(text: str):
    module = parse_source(text, "<seed>", allow_unregistered=True)
    verify(module)
    return module


def _split_aliases(lines: Lines) -> tuple[Lines, Lines]:
    """(alias definitions, the rest): definitions belong at module level."""
    aliases: Lines = []
    rest: Lines = []
    depth = 0
    for no, t in lines:
        if depth > 0 or _ALIAS_DEF.match(t):
            aliases.append((no, t))
            code = strip_comment(t)
            depth += sum(code.count(c) for c in "([{<") - sum(code.count(c) for c in ")]}>") + code.count("->")
            depth = max(depth, 0)
        else:
            rest.append((no, t))
    return aliases, rest


def _text(lines: Lines) -> str:
    return "\n".join(t for _, t in lines)


def wrap_fragment(ex: Example) -> Lines:
    """The harness for a fragment (see the module docstring)."""
    if _DEFINES_FUNCTIONS.search(ex.text):
        module = parse_source(ex.text, "<seed>", allow_unregistered=True)
        return list(ex.lines) + [(None, d) for d in _call_decls(module)]
    aliases, body = _split_aliases(ex.lines)
    trial = aliases + [(None, f"{HEADER}() {{")] + body + [(None, "}")]
    wrapped = _text(trial)
    p = _CollectingParser(wrapped, "<seed>", True)
    module = p.parse_module()
    func = next(op for op in module.regions[0].blocks[0].operations if op.name == "func.func")
    region = func.regions[0]
    free = [(n, t) for n, num, t in p.free if num == 0]
    results: list = []
    for op in module.walk():
        if op.name == "func.return" and op.parent_op is func:
            results = [v.type for v in op.operands]
            break
    last = region.blocks[-1].operations[-1] if region.blocks and region.blocks[-1].operations else None
    end = "return" if not results else '"fragment.end"() : () -> ()'
    tail = [end] if last is None or TERMINATOR not in getattr(type(last), "traits", ()) else []
    for name, pos in p.missing_blocks.items():
        types = _block_arg_types(wrapped, name, pos)
        args = ", ".join(f"%fragment_arg{i}: {t}" for i, t in enumerate(types))
        tail += [f"{name}({args}):" if types else f"{name}:", end]
    args = ", ".join(f"{n}: {t}" for n, t in free)
    res = " -> (" + ", ".join(str(t) for t in results) + ")" if results else ""
    decls = _call_decls(module)
    return (
        aliases
        + [(None, f"{HEADER}({args}){res} {{")]
        + body
        + [(None, t) for t in tail]
        + [(None, "}")]
        + [(None, d) for d in decls]
    )


def check_ir(ex: Example) -> Verdict:
    try:
        module = _parse_and_verify(ex.text)
        if not ex.elided:
            return Verdict("parsed", output=print_op(module))
        first: DiagnosticError | None = None
    except DiagnosticError as e:
        first = e
    try:
        harness = wrap_fragment(ex)
    except DiagnosticError as e:
        if first is not None and not _context_error(first):
            return _error_verdict(ex.lines, first)
        # the trial parse of the wrapped text: the function header comes after the aliases
        aliases, body = _split_aliases(ex.lines)
        trial = ex.lines if _DEFINES_FUNCTIONS.search(ex.text) else aliases + [(None, "")] + body
        return _error_verdict(trial, e)
    try:
        module = _parse_and_verify(_text(harness))
    except DiagnosticError as e:
        if first is not None and not _context_error(first):
            return _error_verdict(ex.lines, first)
        return _error_verdict(harness, e)
    return Verdict("fragment", output=print_op(module), harness=_text(harness))


# Errors that a harness can fix: what is missing is the context of a snippet.
_CONTEXT = re.compile(
    r"use of undeclared SSA value|undefined block|expects parent op|does not reference a valid"
    r"|expected operation name|custom op '\^|block with no terminator|without a terminator"
)


def _context_error(e: DiagnosticError) -> bool:
    return bool(_CONTEXT.search(e.message))


def check(ex: Example) -> Verdict:
    return check_values(ex) if ex.kind == "values" else check_ir(ex)


# -- the known-malformed examples ------------------------------------------------------------------

# (seed, document line of the example) -> (why the seed's example is wrong,
# polymlir's error message, document line of the error).
KNOWN_MALFORMED: dict[tuple[str, int], tuple[str, str, int]] = {
    ("000", 1066): (
        "func arguments carry the non-dialect attribute 'unitAttr' (allowed in 2019; today only "
        "dialect attributes are)",
        "'func.func' op arguments may only have dialect attributes",
        1066,
    ),
    # -- 000 LangRef
    ("000", 51): (
        "the tf.Print type list has a typo, 'tensor<100x50xf32)' (')' for '>')",
        "expected '>' in tensor type",
        70,
    ),
    ("000", 194): (
        "the llvm dialect has no op 'llvm.sadd.with.overflow.i16' (the intrinsic is "
        "llvm.intr.sadd.with.overflow, returning a struct)",
        "unregistered operation 'llvm.sadd.with.overflow.i16' found in dialect ('llvm') that does not allow "
        "unknown operations",
        194,
    ),
    ("000", 278): (
        "@scribble's memref type uses the alias #layout_map0, defined nowhere",
        "undefined symbol alias id 'layout_map0'",
        279,
    ),
    ("000", 358): (
        "the generic 'accelerator.launch' writes its region as '{...}' where the grammar says '({...})', "
        "so the region reads as an attribute dictionary",
        "expected attribute name",
        367,
    ),
    ("000", 441): (
        "'vector<4 x f32> -> ()' is no function type: the grammar requires '(vector<4 x f32>) -> ()'",
        "expected function type",
        443,
    ),
    ("000", 600): (
        "'#tiled_2d_128x256' uses 'div', which affine expressions do not have (floordiv/ceildiv/mod); "
        "the block also uses the undefined memory space 'memspace0'",
        "expected ')' in affine map range",
        604,
    ),
    ("000", 653): (
        "the memref type uses the alias #imapA, defined nowhere, and the memory space 'memspace0'",
        "undefined symbol alias id 'imapA'",
        653,
    ),
    ("000", 1000): (
        "the document's own error example: '42 : f32 // Error: expected integer type'",
        "unexpected decimal integer literal for a floating point value",
        1004,
    ),
    # -- 001 linalg
    ("001", 390): ("'...' elides arguments inside the signature of @example", "expected SSA identifier", 390),
    ("001", 525): (
        "matmul mixes memref and tensor inputs, which today's linalg rejects (upstream says the same)",
        "'linalg.matmul' op expected to have pure tensor or buffer semantics",
        525,
    ),
    ("001", 532): (
        "matmul mixes tensor and memref inputs, which today's linalg rejects (upstream says the same)",
        "'linalg.matmul' op expected to have pure tensor or buffer semantics",
        532,
    ),
    # -- 002 LLVM lowering
    ("002", 142): (
        "'!llvm<\"{i64, double} (i32, f32)\">' spells an LLVM IR type with the MLIR type 'f32' (LLVM IR says 'float')",
        "invalid legacy LLVM type \"{i64, double} (i32, f32)\": unknown LLVM IR type 'f32'",
        160,
    ),
    ("002", 225): (
        "the llvm.call's type lists named arguments '(%arg0: !llvm.i32, ...)', calls @bar instead of "
        "@foo with the wrong argument types, and llvm.return sits in a func",
        "custom op 'llvm.call' expected direct call to have 1 trailing types",
        239,
    ),
    ("002", 331): (
        "an llvm.func cannot take a memref argument (the document means func, whose body returns with 'return')",
        "failed to construct function type: expected LLVM type for function arguments",
        331,
    ),
    ("002", 338): ("a ',' is missing between the arguments %arg0 and %arg1 of @foo", "expected ')'", 338),
    ("002", 351): (
        "an llvm.func whose body ends with func's 'return' (the document means func)",
        "'func.return' op expects parent op 'func.func'",
        354,
    ),
    ("002", 359): (
        "the llvm.call's function type lacks its result ': (!llvm.i64, !llvm<\"i8*\">)' ('-> ()')",
        "custom op 'llvm.call' expected direct call to have 1 trailing types",
        367,
    ),
    ("002", 529): ("the block label '^bb1(%3 : i32)' lacks its ':'", "expected ':' after block name", 530),
    ("002", 598): (
        "'load %m[1,2,3,4]' indexes with integer literals; indices are SSA values of type index",
        "expected ']'",
        598,
    ),
    ("002", 607): (
        "'llvm.extractvalue[4, 0]' omits the aggregate operand (pseudo-code); the block also uses "
        "'i64[4]', which is no LLVM IR type",
        "expected SSA operand",
        607,
    ),
    # -- 003 memref
    ("003", 77): ("'memref.alloca_scope.return %value' omits the type of %value", "expected ':'", 79),
    ("003", 92): ("'memref.alloca_scope.return %value' omits the type of %value", "expected ':'", 92),
    ("003", 158): (
        "prose captions ('Cast to concrete shape.') inside the code block, without '//'",
        "custom op 'Cast' is unknown",
        158,
    ),
    ("003", 182): ("'stride_spec' and 'stride_spec_2' are placeholders, not layouts", "expected attribute value", 183),
    ("003", 213): (
        "the memory space ', 1' is inside the affine_map: 'affine_map<(d0, d1) -> (d0, d1), 1>'",
        "expected '>'",
        213,
    ),
    ("003", 255): (
        "'arith.constant 256' has no type, and the dma_start types are garbled "
        "('memref<40 x 128 x f32>, affine_map<...>, 0>')",
        "expected type",
        259,
    ),
    ("003", 266): ("the rendering cut the dma_start off after ':' (a '• TODO' bullet follows)", "expected type", 267),
    ("003", 282): (
        "dma_start and dma_wait run together on one line with '... ...' and garbled memref types",
        "expected type",
        282,
    ),
    ("003", 399): (
        "'dense<0.0,2.0>' lacks the brackets of a 1-D literal (dense<[0.0, 2.0]>); the block also defines @x twice",
        "expected '>'",
        399,
    ),
    ("003", 424): (
        "the memref types use the alias #layout, defined nowhere, and the memory space 'memspace0'",
        "undefined symbol alias id 'layout'",
        426,
    ),
    ("003", 449): (
        "casting memref<5x4xi32> to memref<5x34xi32, 3> changes the shape (a typo for 5x4)",
        "'memref.memory_space_cast' op operand type 'memref<5x4xi32>' and result type "
        "'memref<5x34xi32, 3>' are cast incompatible",
        451,
    ),
    ("003", 513): ("'memref.load %new[%index]' omits the memref type", "expected ':'", 514),
    ("003", 541): ("the reinterpret_cast omits its types", "expected ':'", 544),
    ("003", 549): (
        "pseudo-code describing a descriptor ('%dst.base = %src.base')",
        "expected operation name in quotes",
        549,
    ),
    ("003", 565): ("the reshape's functional type uses 'to' for '->'", "expected '->' in function type", 566),
    ("003", 577): ("the reshape's functional type uses 'to' for '->'", "expected '->' in function type", 578),
    ("003", 594): (
        "'%A[%1, 1023]' indexes with an integer literal; indices are SSA values (and #layout, memspace0 are undefined)",
        "expected SSA operand",
        594,
    ),
    ("003", 622): (
        "the result layout is written as an affine map; today's subview infers a strided layout "
        "and upstream rejects the affine_map spelling with the same message",
        "expected result type to be 'memref<?x?xf32, strided<[?, ?], offset: ?>>' or a rank-reduced "
        "version. (mismatch of result layout), but got 'memref<?x?xf32, affine_map<(d0, d1)[s0, s1] -> "
        "(d0 * s1 + d1 + s0)>>'",
        626,
    ),
    ("003", 660): ("the subview has ':' twice ('[%x, %y] :' then ': memref<...>')", "expected type", 697),
    ("003", 709): (
        "the second subview takes 3 elements from offset 2 of a dimension of size 4 (upstream rejects it too)",
        "slice along dimension 2 runs out-of-bounds: 4 >= 4",
        718,
    ),
    # -- 004 affine
    ("004", 27): (
        "'#map10' writes floordiv as a function call, 'floordiv(d0,8)'; the block also elides with '...'",
        "use of undeclared identifier",
        27,
    ),
    ("004", 84): (
        "'func @reduced_domain_example(%A, %X, %N) : (...)' gives argument names without types; the "
        "body also uses the undefined #map42/#map43 and untyped calls",
        "expected ':'",
        86,
    ),
}

# Examples today's MLIR rejects (upstream gives the error below) but polymlir
# still accepts, because another dialect's verifier lacks the rule: expected
# to fail until that rule lands. (seed, line) -> (reason, upstream's error).
PENDING_VERIFIER_RULES: dict[tuple[str, int], tuple[str, str]] = {}


# -- tests ---------------------------------------------------------------------------------------

EXAMPLES = examples() if SEEDS is not None else []
IR_AND_VALUES = [ex for ex in EXAMPLES if ex.kind in ("ir", "values")]


def _id(ex: Example) -> str:
    return f"{ex.seed}:{ex.line}"


@pytest.mark.parametrize("ex", params_or_skip(IR_AND_VALUES, missing_reason("seeds"), ids=_id))
def test_seed_example(ex: Example) -> None:
    v = check(ex)
    pending = PENDING_VERIFIER_RULES.get(ex.key)
    if pending is not None:
        if v.status != "error":
            pytest.xfail(f"{pending[0]} (upstream: {pending[1]})")
        assert v.message == pending[1], "the rule landed: move this example to KNOWN_MALFORMED"
        return
    known = KNOWN_MALFORMED.get(ex.key)
    if known is not None:
        reason, message, line = known
        assert v.status == "error", f"listed as malformed ({reason}) but it reads: {v.status}"
        assert (v.message, v.line) == (message, line)
        return
    assert v.status != "error", f"seed {ex.seed} line {v.line}: {v.message}\n{ex.text}"
    if v.status == "values":
        return
    # Today's syntax reads back to the same text ...
    again = print_op(_parse_and_verify(v.output))
    assert again == v.output
    # ... and upstream accepts it.
    if MLIR_OPT is not None:
        r = subprocess.run(
            [MLIR_OPT, "--allow-unregistered-dialect"], input=v.output, capture_output=True, text=True, timeout=60
        )
        assert r.returncode == 0, f"mlir-opt-22 rejects the output:\n{r.stderr}\n{v.output}"


def _seed(prefix: str) -> Path:
    return next(SEEDS.glob(f"{prefix}_*.txt"))


def test_extractor_keeps_the_document_line_numbers() -> None:
    linalg = dict(numbered_lines(_seed("001")))
    assert linalg[26] == "1. Progressive Buffer Allocation."  # rendered "261. Progressive ..."
    assert linalg[69] == "```mlir"
    lowering = dict(numbered_lines(_seed("002")))
    assert lowering[168] == "## Calling Convention"
    blocks = {(b.seed, b.line): b for b in seed_blocks()}
    assert blocks[("002", 212)].lines[0] == (212, "func @foo(%arg0: i32, %arg1: i64) -> (i32, i64) {")
    assert blocks[("003", 16)].text == "%0 = memref.alloc() : memref<8x64xf32, 1>"
    assert blocks[("004", 57)].lines[-1][1] == "}"


def test_known_malformed_are_examples() -> None:
    keys = {ex.key for ex in IR_AND_VALUES}
    listed = set(KNOWN_MALFORMED) | set(PENDING_VERIFIER_RULES)
    assert listed <= keys, sorted(listed - keys)


def test_every_block_accounted_for(capsys) -> None:
    """Prints, per seed, how many examples parse, are fragments, are lists
    of types/attributes, or are known-malformed."""
    counts: dict[str, dict[str, int]] = {}
    for ex in EXAMPLES:
        if ex.kind in ("grammar", "other"):
            key = ex.kind
        elif ex.key in PENDING_VERIFIER_RULES:
            key = "pending"
        elif ex.key in KNOWN_MALFORMED:
            key = "malformed"
        else:
            key = check(ex).status
        for seed in (ex.seed, "all"):
            c = counts.setdefault(seed, {})
            c[key] = c.get(key, 0) + 1
    lines = []
    for seed, c in sorted(counts.items(), key=lambda kv: (kv[0] == "all", kv[0])):
        n = sum(v for k, v in c.items() if k not in ("grammar", "other"))
        lines.append(
            f"  {seed:>4}: {n:3d} examples: {c.get('parsed', 0)} parsed, {c.get('fragment', 0)} fragments, "
            f"{c.get('values', 0)} type/attribute lists, {c.get('malformed', 0)} known-malformed "
            f"(+{c.get('pending', 0)} awaiting a verifier rule); not MLIR: {c.get('grammar', 0)} grammar, "
            f"{c.get('other', 0)} other languages"
        )
    with capsys.disabled():
        print(f"\nseed code blocks: {len(seed_blocks())}\n" + "\n".join(lines))
    assert "error" not in counts.get("all", {})


if __name__ == "__main__":  # a report for maintainers: python -m tests.unit.test_seed_examples
    for ex in EXAMPLES:
        if ex.kind in ("grammar", "other"):
            print(f"{ex.seed}:{ex.line} {ex.kind}: {ex.note}")
            continue
        v = check(ex)
        extra = f" line {v.line}: {v.message}" if v.status == "error" else ""
        print(f"{ex.seed}:{ex.line} {v.status}{extra}")
