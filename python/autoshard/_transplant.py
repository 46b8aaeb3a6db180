"""Compiling autoshard's exported module in place of JAX's own lowering.

``jax.jit(fn, in_shardings=…, out_shardings=…, donate_argnums=…).lower(…)`` builds
everything a call needs around a module: the pytrees, donation, argument placement,
the device assignment. :func:`compile_in_place` swaps the module inside that
``Lowered`` for autoshard's (same ``@main`` signature, every value's sharding fixed)
and compiles it, so XLA's Shardy partitioner runs the whole plan, intermediates
included, and the result is an ordinary ``jax.stages.Compiled``.

This is the one place that touches JAX internals (jax 0.10): ``Lowered._lowering``
(a ``MeshComputation``), its ``_hlo`` module, ``_executable`` cache and
``compile_args["kept_var_idx"]``, and the MLIR bindings ``jax._src.lib.mlir.ir``.
"""

from __future__ import annotations

from typing import Any

from ._native import PlanError

# Attributes of @main's arguments and results that JAX's runtime relies on and that
# JAX's own lowering decides: donation, result names, layouts and memory kinds.
_ARG_ATTRS = ("jax.buffer_donor", "tf.aliasing_output", "mhlo.layout_mode", "mhlo.memory_kind")
_RESULT_ATTRS = ("jax.result_info", "mhlo.layout_mode", "mhlo.memory_kind")


def compile_in_place(lowered: Any, text: str) -> Any:
    """``lowered`` (a ``jax.stages.Lowered`` with ``keep_unused=True``) compiled with
    the module ``text`` in place of its own. Raises :class:`PlanError` when the
    module does not fit (another signature, hoisted constants, a module that does
    not verify)."""
    lowering = getattr(lowered, "_lowering", None)
    if lowering is None or not hasattr(lowering, "_hlo"):
        raise PlanError(f"this JAX ({type(lowering).__name__}) has no module autoshard can replace")
    if getattr(lowering, "const_args", None):
        raise PlanError("JAX hoisted constants into arguments (jax_use_simplified_jaxpr_constants); turn it off")
    kept = lowering.compile_args.get("kept_var_idx")
    if kept is not None and len(kept) != lowered.in_tree.num_leaves:
        raise PlanError("JAX dropped unused arguments; the function must be lowered with keep_unused=True")
    lowering._hlo = _replaced(lowering._hlo, text)
    lowering._executable = None
    return lowered.compile()


def _replaced(original: Any, text: str) -> Any:
    """``text`` parsed in ``original``'s MLIR context, checked to have its ``@main``
    signature, with JAX's argument and result attributes carried over."""
    from jax._src.lib.mlir import ir

    with original.context:
        try:
            module = ir.Module.parse(text)
        except Exception as e:  # MLIRError: the exported module does not parse here
            raise PlanError(f"XLA's MLIR cannot read autoshard's module: {e}") from None
        old, new = _main(ir, original), _main(ir, module)
        theirs, ours = _signature(ir, old), _signature(ir, new)
        if theirs != ours:
            raise PlanError(f"the plan's module has another signature than JAX's: {ours} vs {theirs}")
        args = []
        for theirs, ours in zip(_attrs(ir, old, "arg_attrs"), _attrs(ir, new, "arg_attrs")):
            merged = _merged(theirs, ours, _ARG_ATTRS)
            # Donation is JAX's to decide; an argument JAX donates without naming the
            # output that reuses it takes the plan's (whose sharding the plan ties).
            if "jax.buffer_donor" in merged and "tf.aliasing_output" in ours:
                del merged["jax.buffer_donor"]
                merged["tf.aliasing_output"] = ours["tf.aliasing_output"]
            args.append(merged)
        _set_attrs(ir, new, "arg_attrs", args)
        results = zip(_attrs(ir, old, "res_attrs"), _attrs(ir, new, "res_attrs"))
        _set_attrs(ir, new, "res_attrs", [_merged(theirs, ours, _RESULT_ATTRS) for theirs, ours in results])
        if "sym_name" in original.operation.attributes:
            module.operation.attributes["sym_name"] = original.operation.attributes["sym_name"]
        if not module.operation.verify():
            raise PlanError("autoshard's module does not verify in XLA's MLIR")
    return module


def _main(ir: Any, module: Any) -> Any:
    for op in module.body.operations:
        if op.operation.name == "func.func" and ir.StringAttr(op.attributes["sym_name"]).value == "main":
            return op
    raise PlanError("the module has no @main function")


def _signature(ir: Any, func: Any) -> tuple[list[str], list[str]]:
    ty = ir.FunctionType(ir.TypeAttr(func.attributes["function_type"]).value)
    return [str(t) for t in ty.inputs], [str(t) for t in ty.results]


def _attrs(ir: Any, func: Any, name: str) -> list[dict[str, Any]]:
    count = len(_signature(ir, func)[0 if name == "arg_attrs" else 1])
    if name not in func.attributes:
        return [{} for _ in range(count)]
    dicts = [ir.DictAttr(a) for a in ir.ArrayAttr(func.attributes[name])]
    return [{d[i].name: d[i].attr for i in range(len(d))} for d in dicts]


def _merged(theirs: dict[str, Any], ours: dict[str, Any], keys: tuple[str, ...]) -> dict[str, Any]:
    """``ours`` with the attributes ``keys`` as ``theirs`` (JAX's) has them."""
    merged = {k: v for k, v in ours.items() if k not in keys}
    merged.update({k: theirs[k] for k in keys if k in theirs})
    return merged


def _set_attrs(ir: Any, func: Any, name: str, dicts: list[dict[str, Any]]) -> None:
    func.attributes[name] = ir.ArrayAttr.get([ir.DictAttr.get(d) for d in dicts])
