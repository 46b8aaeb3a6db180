"""autoshard.jax.plan: pytrees in and out, pins, donation, abstract arguments, errors."""

import dataclasses
import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest
from jax.sharding import NamedSharding, PartitionSpec as P

import autoshard
import autoshard.jax as aj


@functools.partial(jax.tree_util.register_dataclass, data_fields=["w", "b"], meta_fields=["act"])
@dataclasses.dataclass
class Layer:
    w: jax.Array
    b: jax.Array
    act: str = "tanh"


def layer(params: Layer, x):
    return getattr(jnp, params.act)(x @ params.w + params.b)


def test_shardings_take_the_shape_of_the_arguments_and_results(mesh):
    params = (Layer(jnp.ones((256, 512)), jnp.zeros(512)), {"scale": jnp.ones(512), "nested": (jnp.ones(3), 2.0)})
    x = jnp.ones((64, 256))

    def fn(p, x):
        first, extra = p
        h = layer(first, x) * extra["scale"]
        return {"h": h, "stats": (h.mean(), extra["nested"][0] * extra["nested"][1])}

    plan = aj.plan(fn, params, x, mesh=mesh, time_limit=10)
    assert isinstance(plan, autoshard.Plan) and plan.solver.status in ("optimal", "feasible")
    shardings = plan.in_shardings
    assert len(shardings) == 2
    assert jax.tree.structure(shardings[0], is_leaf=lambda s: isinstance(s, NamedSharding)) == jax.tree.structure(params)
    assert isinstance(shardings[0][0], Layer) and shardings[0][0].act == "tanh"
    assert jax.tree.structure(plan.out_shardings) == jax.tree.structure(jax.eval_shape(fn, params, x))
    for s in jax.tree.leaves((plan.in_shardings, plan.out_shardings)):
        assert isinstance(s, NamedSharding) and s.mesh.shape == mesh.shape
    o = plan.objective
    assert o.total_s > 0 and o.peak_memory_bytes > 0
    assert plan.timings.lower_s > 0 and plan.timings.solve_s > 0
    assert "func.func public @main" in plan.stablehlo and "sdy.sharding" in plan.stablehlo
    assert "solver:" in plan.report()


def test_abstract_arguments_plan_a_model_that_is_never_allocated(mesh):
    # 4 layers of 16k x 16k in bf16: 2 GiB of weights, planned from shapes alone.
    w = jax.ShapeDtypeStruct((4, 16384, 16384), jnp.bfloat16)
    x = jax.ShapeDtypeStruct((64, 16384), jnp.bfloat16)

    def forward(w, x):
        return jax.lax.scan(lambda h, wi: (jnp.tanh(h @ wi), None), x, w)[0]

    plan = aj.plan(forward, w, x, mesh=mesh, memory="1GiB", time_limit=10)
    assert plan.objective.peak_memory_bytes <= 2**30
    weight = plan.in_shardings[0].spec
    assert any(axis is not None for axis in weight), f"weights must be split to fit 1 GiB, got {weight}"


def test_pins_are_honoured_and_open_leaves_are_chosen(mesh):
    w = jnp.ones((256, 1024))
    x = jnp.ones((64, 256))
    pinned = aj.plan(lambda w, x: x @ w, w, x, mesh=mesh, in_shardings=(None, P("data")), out_shardings=P("data", "model"))
    assert pinned.in_shardings[1].spec == P("data", None)
    assert pinned.out_shardings.spec == P("data", "model")
    named = aj.plan(lambda w, x: x @ w, w, x, mesh=mesh, in_shardings=(NamedSharding(mesh, P(None, "model")), None))
    assert named.in_shardings[0].spec == P(None, "model")


def test_donated_state_keeps_its_sharding(mesh):
    def step(state, x):
        grad = jnp.tanh(x @ state["w"]).T @ x
        return {"w": state["w"] - 0.1 * grad.T, "n": state["n"] + 1}, grad.sum()

    state = {"w": jnp.ones((512, 512)), "n": jnp.zeros((), jnp.int32)}
    x = jnp.ones((128, 512))
    plan = aj.plan(step, state, x, mesh=mesh, in_shardings=(None, P("data")), donate_argnums=0)
    assert plan.in_shardings[0]["w"].spec == plan.out_shardings[0]["w"].spec
    assert "tf.aliasing_output" in plan.stablehlo


def test_nnx_state_is_a_pytree_of_shardings(mesh):
    from flax import nnx

    model = nnx.Linear(128, 256, rngs=nnx.Rngs(0))
    graphdef, state = nnx.split(model)

    def apply(state, x):
        return nnx.merge(graphdef, state)(x)

    plan = aj.plan(apply, state, jnp.ones((32, 128)), mesh=mesh, in_shardings=(None, P("data")))
    assert isinstance(plan.in_shardings[0], nnx.State)
    leaves = jax.tree.leaves(plan.in_shardings[0])
    assert len(leaves) == len(jax.tree.leaves(state)) == 2
    assert all(isinstance(s, NamedSharding) for s in leaves)


def test_errors_are_the_documented_exceptions(mesh):
    x = jax.ShapeDtypeStruct((64, 256), jnp.float32)
    w = jax.ShapeDtypeStruct((256, 4096), jnp.float32)
    # A budget no plan fits: a 4 MiB weight needs at least 512 KiB on each of 8 devices.
    with pytest.raises(autoshard.InfeasibleError, match="budget of 16KiB"):
        aj.plan(lambda w, x: x @ w, w, x, mesh=mesh, memory="16KiB")
    # A pin that cannot hold: a replicated 4 MiB weight under a 1 MiB budget.
    with pytest.raises(autoshard.InfeasibleError, match="budget") as caught:
        aj.plan(lambda w, x: x @ w, w, x, mesh=mesh, in_shardings=(P(), None), memory="1MiB")
    assert "%arg" not in str(caught.value) and "w 4MiB (parameter)" in str(caught.value), str(caught.value)
    # A pin on another mesh, inside the function.
    other = jax.make_mesh((8,), ("flat",), axis_types=(jax.sharding.AxisType.Auto,))
    with pytest.raises(autoshard.InputError, match="mesh given"):
        aj.plan(lambda x: jax.lax.with_sharding_constraint(x * 2, NamedSharding(other, P("flat"))), x, mesh=mesh)
    # A construct autoshard does not read: a host callback. The error points at the
    # Python line that wrote it, and says where it is in the lowered module.
    def callback(x):
        return jax.pure_callback(np.sin, jax.ShapeDtypeStruct(x.shape, x.dtype), x)

    line = callback.__code__.co_firstlineno + 1
    with pytest.raises(autoshard.InputError, match="host callback") as caught:
        aj.plan(callback, x, mesh=mesh)
    assert (caught.value.file, caught.value.line) == (__file__, line), str(caught.value)
    assert "callback.mlir" in str(caught.value)
    with pytest.raises(TypeError, match="unexpected keyword"):
        aj.plan(lambda x: x, x, mesh=mesh, nonsense=1)


# XLA holds a little over this budget (its own temporaries): jit warns, which
# test_a_budget_holds_in_xla_or_a_warning_says_it_cannot covers.
@pytest.mark.filterwarnings("ignore::autoshard.jax.BudgetWarning")
def test_arguments_and_results_divide_as_jax_jit_requires(mesh):
    # ViT's shapes: 65 tokens (a class token), a 100-class head. Under a budget the
    # 8-way splits these do not divide stay inside the program.
    rng = np.random.default_rng(0)
    params = {"pos": rng.standard_normal((1, 65, 256), np.float32), "mix": rng.standard_normal((256, 256), np.float32) / 16,
              "w": rng.standard_normal((256, 100), np.float32) / 16, "b": np.zeros(100, np.float32)}
    x, y = rng.standard_normal((16, 65, 256), np.float32), rng.integers(0, 100, 16).astype(np.int32)

    def step(params, x, y):
        def loss(p):
            logits = jnp.tanh((x + p["pos"]) @ p["mix"])[:, 0] @ p["w"] + p["b"]
            return -jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], 1).mean()

        value, grads = jax.value_and_grad(loss)(params)
        return jax.tree.map(lambda p, g: p - 0.1 * g, params, grads), value

    options = dict(mesh=mesh, in_shardings=(None, P("data"), P("data")), memory="1400KiB", hardware="cpu", time_limit=5)
    planned = aj.jit(step, **options)
    got, want = planned(params, x, y), jax.jit(step)(params, x, y)
    assert float(got[1]) == pytest.approx(float(want[1]), rel=1e-5)
    plan = planned.plan_for(params, x, y)
    for sharding, leaf in zip(jax.tree.leaves((plan.in_shardings, plan.out_shardings)),
                              jax.tree.leaves(((params, x, y), jax.eval_shape(step, params, x, y)))):
        assert all(n % sharding.shard_shape(np.shape(leaf))[d] == 0 for d, n in enumerate(np.shape(leaf))), sharding
    assert any(s.spec != P() for s in jax.tree.leaves(plan.in_shardings[0])), "the budget needs split parameters"
    # A returned value the program itself constrains to a padded split: a PlanError
    # naming the result, not jax.jit's IndivisibleError.
    def padded(x):
        return jax.lax.with_sharding_constraint(x * 2, P(("data", "model")))

    with pytest.raises(autoshard.PlanError, match=r"result \(100,\): the plan splits dimension 0 \(100\) into 8"):
        aj.plan(padded, np.ones(100, np.float32), mesh=mesh)


def test_a_training_steps_plan_reads_in_the_users_words(mesh):
    # A 2-layer MLP step with Adam: the report names values by pytree path, groups
    # the layers, names the source lines of the collectives and fits one screen.
    import optax

    params = {"layers": [{"w": jnp.ones((1024, 1024)), "b": jnp.zeros(1024)} for _ in range(2)]}
    opt = optax.adam(1e-3)
    x, y = jnp.ones((512, 1024)), jnp.ones((512, 1024))

    def step(params, opt_state, x, y):
        def loss(params):
            h = x
            for layer in params["layers"]:
                h = jnp.tanh(h @ layer["w"] + layer["b"])
            return jnp.mean((h - y) ** 2)

        value, grads = jax.value_and_grad(loss)(params)
        updates, opt_state = opt.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, value

    plan = aj.plan(step, params, opt.init(params), x, y, mesh=mesh, donate_argnums=(0, 1), time_limit=20)
    report = plan.report()
    assert len(report.splitlines()) <= 100, report
    assert "%arg" not in report and "arg0" not in plan.values, report
    # Layers planned alike share a line (`2 × params['layers'][*]['w']`); these differ.
    w = [plan.values[f"params['layers'][{i}]['w']"] for i in range(2)]
    assert ("2 × params['layers'][*]['w']" in report) == (w[0] == w[1]), report
    assert "opt_state[0].mu['layers'][" in report and "result[2]" in report, report
    assert plan.value("params['layers'][0]['w']") == plan.values["params['layers'][0]['w']"]
    assert plan.collectives and "test_jax_plan.py:" in report, report
    detail = plan.report(detail=True)
    assert detail.startswith(report) and "params['layers'][1]['b']" in detail
