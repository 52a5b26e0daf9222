"""Handlers of the transform ops whose semantics polymlir honours exactly:
sequences and includes, matching (structured.match, match.operation_name,
collect_matching, foreach_match), navigation (get_parent_op), parameters,
the canonicalization/CSE/LICM drivers and the debug remarks."""

from __future__ import annotations

from ...dialects.transform_structured import MatchOp
from ...ir import attributes as A
from ...ir.core import Operation
from ...ir.interfaces import is_loop_like, tiling
from ...ir.traits import ISOLATED_FROM_ABOVE, LINALG_STRUCTURED_INTERFACE
from ...printer import AsmPrinter
from ..canonical.canonicalize import canonicalize
from ..canonical.cse import cse
from .interpreter import Interpreter, SilenceableFailure, patterns_for, register_handler, register_patterns
from .licm import hoist_loop_invariants


def _canonicalization(op: Operation, max_iterations: int, max_num_rewrites: int) -> None:
    # -1: upstream's "default" (canonicalize's own limit of 10 iterations).
    canonicalize(
        op,
        max_iterations=max_iterations if max_iterations >= 0 else 10,
        max_num_rewrites=max_num_rewrites,
    )


register_patterns("transform.apply_patterns.canonicalization", _canonicalization)


# -- containers ------------------------------------------------------------------------


@register_handler("transform.sequence")
def _sequence(interp: Interpreter, op: Operation) -> None:
    block = op.regions[0].blocks[0]
    args = [interp.value_of(v) for v in op.operands]
    if not op.operands:
        args = [[interp.root]]
    suppress = op.prop("failure_propagation_mode", A.IntegerAttr).value == 2
    try:
        outs = interp.run_block(block, args)
    except SilenceableFailure:
        if not suppress:
            raise
        outs = [[] for _ in op.results]
    for r, vals in zip(op.results, outs, strict=True):
        interp.bind(r, vals)


@register_handler("transform.include")
def _include(interp: Interpreter, op: Operation) -> None:
    seq = interp.sequence(op, op.prop("target", A.SymbolRefAttr).root)
    args = [interp.value_of(v) for v in op.operands]
    try:
        outs = interp.call(seq, args)
    except SilenceableFailure:
        if op.prop("failure_propagation_mode", A.IntegerAttr).value == 2:
            outs = [[] for _ in op.results]
        else:
            raise
    for r, vals in zip(op.results, outs, strict=True):
        interp.bind(r, vals)


# -- matching -------------------------------------------------------------------------


def _has_interface(op: Operation, name: str) -> bool:
    """``structured.match interface{...}``: the op classes' declarations."""
    if name == "LinalgOp":
        return LINALG_STRUCTURED_INTERFACE in op.traits
    if name == "TilingInterface":
        return tiling(op) is not None
    return is_loop_like(op)


def _matches(m: MatchOp, op: Operation) -> bool:
    names = m.op_names
    if names and op.name not in names:  # ops={...}: the names the schedule gives
        return False
    iface = m.interface_name
    if iface is not None and not _has_interface(op, iface):
        return False
    attrs = m.opt_prop("op_attrs", A.DictionaryAttr)
    if attrs is not None:
        for k, v in attrs.items:
            have = op.properties.get(k) if isinstance(op.properties, dict) else None
            if have is None:
                have = op.attributes.get(k)
            if have != v:
                return False
    frt = m.opt_prop("filter_result_type", A.TypeAttr)
    if frt is not None and (len(op.results) != 1 or op.results[0].type != frt.value):
        return False
    fot = m.opt_prop("filter_operand_types", A.ArrayAttr)
    if fot is not None:
        types = [a.value for a in fot]
        got = [v.type for v in op.operands]
        if len(types) == 1:
            if any(t != types[0] for t in got):
                return False
        elif got != types:
            return False
    return True


@register_handler("transform.structured.match")
def _structured_match(interp: Interpreter, op: Operation) -> None:
    assert isinstance(op, MatchOp)
    roots = interp.payload(op.operands[0])
    if len(roots) != 1:
        raise op.emit_error("requires exactly one target handle!")
    # Post-order, the root included, as upstream's Operation::walk.
    interp.set_payload(op.results[0], [o for o in roots[0].walk() if _matches(op, o)])


@register_handler("transform.match.operation_name")
def _match_operation_name(interp: Interpreter, op: Operation) -> None:
    names = [a.value for a in op.prop("op_names", A.ArrayAttr)]
    for p in interp.payload(op.operands[0]):
        if p.name not in names:  # match.operation_name matches names
            raise SilenceableFailure(op, "wrong operation name")


def _run_matcher(interp: Interpreter, seq: Operation, payload: Operation) -> list[list] | None:
    """The matcher's yields for ``payload``, or None when it does not match."""
    try:
        return interp.call(seq, [[payload]])
    except SilenceableFailure:
        return None


@register_handler("transform.collect_matching")
def _collect_matching(interp: Interpreter, op: Operation) -> None:
    seq = interp.sequence(op, op.prop("matcher", A.SymbolRefAttr).root)
    collected: list[list] = [[] for _ in op.results]
    for root in interp.payload(op.operands[0]):
        for p in list(root.walk()):
            outs = _run_matcher(interp, seq, p)
            if outs is None:
                continue
            for acc, vals in zip(collected, outs, strict=True):
                acc.extend(vals)
    for r, vals in zip(op.results, collected, strict=True):
        interp.bind(r, vals)


@register_handler("transform.foreach_match")
def _foreach_match(interp: Interpreter, op: Operation) -> None:
    props = op.props
    pairs = [
        (interp.sequence(op, m.root), interp.sequence(op, a.root))
        for m, a in zip(op.prop("matchers", A.ArrayAttr), op.prop("actions", A.ArrayAttr), strict=True)
    ]
    restrict = props.get("restrict_root") is not None
    roots = interp.payload(op.operands[0])
    forwarded = [interp.value_of(v) for v in op.operands[1:]]
    # Match everything first (upstream matches before acting, so actions
    # cannot change what matched), then run the actions in walk order.
    todo: list[tuple[Operation, list[list]]] = []
    for root in roots:
        for p in list(root.walk()):  # post-order, as upstream
            if restrict and p is root:
                continue
            for matcher, action in pairs:
                outs = _run_matcher(interp, matcher, p)
                if outs is not None:
                    todo.append((action, outs))
                    break
    results: list[list] = [[] for _ in op.results[1:]]
    for action, outs in todo:
        yielded = interp.call(action, outs + forwarded if forwarded else outs)
        for acc, vals in zip(results, yielded, strict=False):
            acc.extend(vals)
    interp.set_payload(op.results[0], roots)
    for r, vals in zip(op.results[1:], results, strict=True):
        interp.bind(r, vals)


# -- navigation and parameters ---------------------------------------------------------


@register_handler("transform.get_parent_op")
def _get_parent_op(interp: Interpreter, op: Operation) -> None:
    props = op.props
    isolated = props.get("isolated_from_above") is not None
    name = op.opt_prop("op_name", A.StringAttr)
    nth_parent = op.opt_prop("nth_parent", A.IntegerAttr)
    nth = nth_parent.value if nth_parent is not None else 1
    allow_empty = props.get("allow_empty_results") is not None
    parents: list[Operation] = []
    for target in interp.payload(op.operands[0]):
        parent: Operation | None = target
        for _ in range(nth):
            parent = parent.parent_op if parent is not None else None
            while parent is not None and (
                (isolated and ISOLATED_FROM_ABOVE not in parent.traits)
                or (name is not None and parent.name != name.value)  # op_name = "..." asks for a name
            ):
                parent = parent.parent_op
            if parent is None:
                break
        if parent is None:
            if allow_empty:
                continue
            raise SilenceableFailure(
                op, "could not find a parent op that matches all requirements", target, "target op"
            )
        if props.get("deduplicate") is not None and any(p is parent for p in parents):
            continue
        parents.append(parent)
    interp.set_payload(op.results[0], parents)


@register_handler("transform.param.constant")
def _param_constant(interp: Interpreter, op: Operation) -> None:
    interp.set_params(op.results[0], [op.props["value"]])


# -- drivers ---------------------------------------------------------------------------


@register_handler("transform.apply_patterns")
def _apply_patterns(interp: Interpreter, op: Operation) -> None:
    patterns = op.regions[0].blocks[0].operations if op.regions[0].blocks else []
    limits = (op.prop("max_iterations", A.IntegerAttr).value, op.prop("max_num_rewrites", A.IntegerAttr).value)
    for target in interp.payload(op.operands[0]):
        for pat in patterns:
            fn = patterns_for(pat.name)
            assert fn is not None, "unsupported_ops() refuses schedules with unknown patterns"
            fn(target, *limits)
        if op.props.get("apply_cse") is not None:
            cse(target)


@register_handler("transform.apply_cse")
def _apply_cse(interp: Interpreter, op: Operation) -> None:
    for target in interp.payload(op.operands[0]):
        cse(target)


@register_handler("transform.apply_licm")
def _apply_licm(interp: Interpreter, op: Operation) -> None:
    for target in interp.payload(op.operands[0]):
        if not is_loop_like(target):
            raise op.emit_error(f"expected a LoopLikeOpInterface payload op, got '{target.name}'")
        hoist_loop_invariants(target)


# -- debugging ------------------------------------------------------------------------


@register_handler("transform.debug.emit_remark_at")
def _emit_remark_at(interp: Interpreter, op: Operation) -> None:
    for p in interp.payload(op.operands[0]):
        interp.remark(p.loc, op.prop("message", A.StringAttr).value)


@register_handler("transform.debug.emit_param_as_remark")
def _emit_param_as_remark(interp: Interpreter, op: Operation) -> None:
    printer = AsmPrinter()
    values = " ".join(printer.attr(a) for a in interp.params(op.operands[0]))
    msg = op.opt_prop("message", A.StringAttr)
    text = (msg.value + " " if msg is not None else "") + values
    anchors = interp.payload(op.operands[1]) if len(op.operands) > 1 else []
    for loc in [a.loc for a in anchors] or [op.loc]:
        interp.remark(loc, text)
