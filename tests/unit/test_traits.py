"""Op traits are `Trait` objects: interned, identity-compared, and checked
when an op class is registered."""

from __future__ import annotations

import ast
import pathlib
import pickle

import pytest

import polymlir
from polymlir.ir import registry
from polymlir.ir.diagnostics import DiagnosticError
from polymlir.ir.opdef import OpDef
from polymlir.ir.traits import PURE, TERMINATOR, Trait, has_parent

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_traits_are_interned_singletons():
    assert Trait("Pure") is PURE
    assert has_parent("scf.while") is has_parent("scf.while")
    assert has_parent("tensor.generate", "tensor.pad") is not has_parent("tensor.pad", "tensor.generate")
    assert str(has_parent("tensor.generate", "tensor.pad")) == "HasParent<tensor.generate, tensor.pad>"
    assert pickle.loads(pickle.dumps(PURE)) is PURE
    with pytest.raises(AttributeError):
        PURE.name = "Impure"  # type: ignore[misc]  # the point: traits are immutable
    with pytest.raises(ValueError):
        has_parent()


def test_every_registered_op_declares_trait_objects():
    ops = registry.registered_ops()
    assert len(ops) > 600
    for name, cls in ops.items():
        bad = [t for t in cls.traits if not isinstance(t, Trait)]
        assert not bad, f"{name}: {bad}"
    assert PURE in ops["arith.addi"].traits
    assert TERMINATOR in ops["func.return"].traits
    assert has_parent("func.func") in ops["func.return"].traits


def test_a_string_trait_fails_at_registration():
    class BadOp(OpDef):
        __slots__ = ()
        OP_NAME = "test.bad_trait"
        traits = frozenset({"Pure"})  # type: ignore[arg-type]  # the point: a string is refused

    with pytest.raises(TypeError, match="traits must be Trait objects"):
        BadOp._finalize()
    assert registry.lookup_op("test.bad_trait") is None


def _string_trait_tests(path: pathlib.Path) -> list[str]:
    """``"Name" in x.traits`` comparisons and ``has_trait("Name")`` calls."""
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Compare) and isinstance(node.left, ast.Constant) and isinstance(node.left.value, str):
            if any(isinstance(op, (ast.In, ast.NotIn)) for op in node.ops) and "trait" in ast.unparse(
                node.comparators[0]
            ):
                found.append(f"{path}:{node.lineno}")
        if isinstance(node, ast.Call) and getattr(node.func, "attr", None) == "has_trait":
            if any(isinstance(a, ast.Constant) and isinstance(a.value, str) for a in node.args):
                found.append(f"{path}:{node.lineno}")
    return found


def test_no_trait_is_tested_by_its_name_string():
    found = [hit for p in sorted((ROOT / "polymlir").rglob("*.py")) for hit in _string_trait_tests(p)]
    assert found == []


@pytest.mark.parametrize(
    "text, message",
    [
        (
            '"test.region"() ({\n  func.return\n}) : () -> ()',
            "'func.return' op expects parent op 'func.func'",
        ),
        (
            '"test.region"() ({\n  %c = arith.constant 0 : index\n  tensor.yield %c : index\n}) : () -> ()',
            "'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'",
        ),
        (
            "scf.yield",
            "'scf.yield' op expects parent op to be one of "
            "'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'",
        ),
    ],
    ids=["one-parent", "parent-one-of", "top-level"],
)
def test_has_parent_is_verified_from_the_trait(text, message):
    with pytest.raises(DiagnosticError) as info:
        polymlir.parse(text, allow_unregistered=True)
    assert info.value.diagnostic.message == message
