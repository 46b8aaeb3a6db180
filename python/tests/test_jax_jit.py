"""autoshard.jax.jit: the whole plan compiled, and the results of jax.jit."""

import warnings

import jax
import jax.numpy as jnp
import numpy as np
import optax
import pytest
from flax import linen as nn
from jax.sharding import PartitionSpec as P

import autoshard
import autoshard.jax as aj
from autoshard._transplant import compile_in_place


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(512)(x))
        x = nn.gelu(nn.Dense(512)(x))
        return nn.Dense(16)(x)


def batch(step):
    rng = np.random.default_rng(step)
    return {"x": rng.standard_normal((128, 256), np.float32), "y": rng.integers(0, 16, 128).astype(np.int32)}


def test_a_forward_pass_equals_jax_jit(mesh):
    model = MLP()
    params = model.init(jax.random.key(0), jnp.zeros((1, 256)))
    x = batch(0)["x"]
    forward = aj.jit(model.apply, mesh=mesh, in_shardings=(None, P("data")), time_limit=10)
    got = forward(params, x)
    np.testing.assert_allclose(got, jax.jit(model.apply)(params, x), rtol=1e-5, atol=1e-5)
    assert got.sharding.spec == forward.plan_for(params, x).out_shardings.spec
    # The same signature does not plan again; another one does.
    np.testing.assert_array_equal(forward(params, x), got)
    assert len(forward._compiled) == 1
    forward(params, x[:64])
    assert len(forward._compiled) == 2


def test_a_training_step_gives_the_losses_of_jax_jit_and_donates(mesh):
    model, tx = MLP(), optax.adamw(1e-3)

    def step(params, opt_state, batch):
        def loss_fn(p):
            logits = model.apply(p, batch["x"])
            return optax.softmax_cross_entropy_with_integer_labels(logits, batch["y"]).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = tx.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    params = model.init(jax.random.key(0), jnp.zeros((1, 256)))
    opt_state = tx.init(params)
    reference = jax.jit(step)
    sharded = aj.jit(step, mesh=mesh, in_shardings=(None, None, P("data")), donate_argnums=(0, 1), time_limit=10)
    p, o, rp, ro = params, opt_state, params, opt_state
    for s in range(4):
        rp, ro, want = reference(rp, ro, batch(s))
        before = p
        p, o, got = sharded(p, o, batch(s))
        assert float(got) == pytest.approx(float(want), rel=1e-5, abs=1e-6)
        if s > 0:  # placed by the plan on the last step: donated, so consumed
            assert jax.tree.leaves(before)[0].is_deleted()
    plan = sharded.plan_for(params, opt_state, batch(0))
    assert plan.objective.communication_s > 0
    assert "input_output_alias" in sharded.compiled_for(params, opt_state, batch(0)).as_text()


def test_a_scan_stacked_model_equals_jax_jit(mesh):
    layers, width = 4, 256
    rng = np.random.default_rng(0)
    weights = rng.standard_normal((layers, width, width), np.float32) / np.sqrt(width)
    x = rng.standard_normal((64, width), np.float32)

    def loss(w, x):
        h, _ = jax.lax.scan(lambda h, wi: (jnp.tanh(h @ wi), None), x, w)
        return (h**2).mean()

    grad = jax.jit(jax.value_and_grad(loss))
    planned = aj.jit(jax.value_and_grad(loss), mesh=mesh, in_shardings=(None, P("data")), time_limit=10)
    (want, want_g), (got, got_g) = grad(weights, x), planned(weights, x)
    assert float(got) == pytest.approx(float(want), rel=1e-5)
    np.testing.assert_allclose(got_g, want_g, rtol=1e-4, atol=1e-6)


def test_the_compiled_module_is_the_plans_own(mesh):
    # Swap tanh for the logistic function in the plan's module: the compiled
    # function computes the logistic, so what XLA compiles is the module given.
    def fn(x):
        return jnp.tanh(x) * 2

    x = np.linspace(-2, 2, 64, dtype=np.float32).reshape(8, 8)
    plan = aj.plan(fn, x, mesh=mesh, in_shardings=(P("data"),))
    jitted = jax.jit(fn, in_shardings=plan.in_shardings, out_shardings=plan.out_shardings, keep_unused=True)
    swapped = plan.stablehlo.replace("stablehlo.tanh", "stablehlo.logistic")
    assert swapped != plan.stablehlo
    compiled = compile_in_place(jitted.lower(x), swapped)
    np.testing.assert_allclose(compiled(jax.device_put(x, plan.in_shardings[0])), 2 / (1 + np.exp(-x)), rtol=1e-6)
    with pytest.raises(autoshard.PlanError, match="signature"):
        compile_in_place(jitted.lower(x), plan.stablehlo.replace("8x8xf32", "8x4xf32"))


def test_tables_closed_over_are_read_in_every_element_type(mesh):
    # JAX writes a non-splat constant of 256 elements or more as a hex-string dense
    # literal: a RoPE table, a causal mask, a noise schedule, an integer lookup.
    n = 256
    tables = [
        np.sin(np.arange(n, dtype=np.float32) / 7),
        jnp.asarray(np.cos(np.arange(n) / 5), jnp.bfloat16),
        np.linspace(-2, 2, n).astype(np.float16),
        (np.arange(n) % 200 - 100).astype(np.int8),
        (np.arange(n) * 7919 % 1000 - 500).astype(np.int32),
        np.full(n, 3, np.int32),  # a splat
    ]
    mask = np.tril(np.ones((16, n), bool))

    def fn(x):
        total = sum(jnp.asarray(t).astype(jnp.float32) for t in tables)
        return jnp.where(mask, x * total, -1.0)

    x = np.random.default_rng(0).standard_normal((16, n), np.float32)
    assert jax.jit(fn).lower(x).as_text().count('dense<"0x') >= 6, "JAX writes the tables in hex"
    planned = aj.jit(fn, mesh=mesh, in_shardings=P("data"), time_limit=10)
    # Bit for bit: the export writes every element back exactly (in decimal).
    np.testing.assert_array_equal(planned(x), jax.jit(fn)(x))


def test_a_budget_holds_in_xla_or_a_warning_says_it_cannot(mesh):
    # A top-2 mixture of experts: XLA holds more than the plan predicts (the
    # backend's layout copies of the expert weights), so the budget is checked
    # against the compiled module and the function planned again where it is over.
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(s).astype(np.float32) for s in [(8, 64), (64, 4), (4, 64, 128), (4, 128, 64)]]

    def moe(x, router, w_in, w_out):
        weights, experts = jax.lax.top_k(jax.nn.softmax(x @ router, axis=-1), 2)
        out = jnp.einsum("bef,efd->bed", jax.nn.relu(jnp.einsum("bd,edf->bef", x, w_in)), w_out)
        return jnp.sum(jnp.take_along_axis(out, experts[:, :, None], axis=1) * weights[:, :, None], axis=1)

    for budget, fits in [(64 << 10, True), (48 << 10, False)]:
        planned = aj.jit(moe, mesh=mesh, in_shardings=(P("data"), None, None, None), memory=budget,
                         hardware="xla-cpu", time_limit=10)
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            np.testing.assert_allclose(planned(*args), jax.jit(moe)(*args), rtol=1e-5, atol=1e-5)
        used = aj.xla_memory(planned.compiled_for(*args))
        warned = [w for w in caught if issubclass(w.category, aj.BudgetWarning)]
        assert (used <= budget) == fits and bool(warned) != fits, (budget, used, [str(w.message) for w in warned])
        assert planned.plan_for(*args).objective.peak_memory_bytes <= budget
