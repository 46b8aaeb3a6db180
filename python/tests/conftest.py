"""The Python suite runs on 8 host CPU devices, set before JAX is imported."""

import os

os.environ["XLA_FLAGS"] = (os.environ.get("XLA_FLAGS", "") + " --xla_force_host_platform_device_count=8").strip()

import pytest  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


@pytest.fixture
def root():
    """The repository's root directory."""
    return ROOT


@pytest.fixture
def mesh():
    """A 2 x 4 mesh of the 8 host devices, axes ``data`` and ``model``."""
    import jax

    return jax.make_mesh((2, 4), ("data", "model"))
