"""The docs: docs/python-api.md is the reference the docstrings generate, the type
stubs of the native module match it, and every ```python block of README.md and
docs/*.md runs as written.

The convention (docs/testing.md, "Docs that run"): a ```python block runs unless the
line above it is ``<!-- not run: REASON -->``; the blocks of one doc run in order in one
fresh interpreter (so a later block may use what an earlier one defined), from the
repository's root, with ``XLA_FLAGS=--xla_force_host_platform_device_count=8`` (8 CPU
devices for JAX). A block fails the test by raising (its claims are ``assert``s); the
traceback names the doc and its line. The shell blocks run in the Rust suite
(``cli/tests/docs_cli.rs``).
"""

import glob
import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
NOT_RUN = "<!-- not run:"
XLA_FLAGS = "--xla_force_host_platform_device_count=8"


def test_the_native_modules_stubs_match_it(tmp_path):
    # mypy's stubtest imports the installed autoshard._native and compares every
    # name, class and signature with python/autoshard/_native.pyi.
    env = dict(os.environ, MYPY_CACHE_DIR=str(tmp_path / "mypy"))
    done = subprocess.run([sys.executable, "-m", "mypy.stubtest", "autoshard._native"],
                          capture_output=True, text=True, cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stdout + done.stderr


def test_the_api_reference_is_current(root):
    script = os.path.join(root, "scripts", "python-api-reference.py")
    bless = os.environ.get("AUTOSHARD_BLESS") == "1"
    done = subprocess.run([sys.executable, script] + ([] if bless else ["--check"]), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr


def python_blocks(text):
    """The ```python blocks of a markdown text that run: (line of the first code line,
    code), the ones under a ``not run`` marker left out."""
    lines = text.split("\n")
    blocks, marked, i = [], False, 0
    while i < len(lines):
        stripped = lines[i].strip()
        if stripped.startswith(NOT_RUN):
            marked = True
        elif stripped.startswith("```"):
            lang = stripped[3:].replace(",", " ").split(" ")[0]
            indent = len(lines[i]) - len(lines[i].lstrip())
            start, i = i + 1, i + 1
            while i < len(lines) and not lines[i].strip().startswith("```"):
                i += 1
            if lang == "python" and not marked:
                code = "\n".join(line[indent:] for line in lines[start:i])
                blocks.append((start + 1, code))
            marked = False
        elif stripped:
            marked = False
        i += 1
    return blocks


def docs():
    """README.md and docs/*.md, as paths from the repository's root."""
    found = sorted(os.path.relpath(p, ROOT) for p in glob.glob(os.path.join(ROOT, "docs", "*.md")))
    return ["README.md"] + found


def with_python():
    """The docs with a ```python block that runs."""
    return [d for d in docs() if python_blocks(open(os.path.join(ROOT, d), encoding="utf-8").read())]


RUNNER = textwrap.dedent(
    """
    import json, sys
    path, blocks = sys.argv[1], json.load(open(sys.argv[2]))
    namespace = {"__name__": "__main__"}
    for line, code in blocks:
        # Padded so that a traceback gives the doc's own line numbers.
        exec(compile("\\n" * (line - 1) + code, path, "exec"), namespace)
    """
)


def run_blocks(path, blocks, tmp_path):
    """Runs ``blocks`` (from doc ``path``) one after the other in a fresh interpreter
    from the repository's root, as the convention says: the finished process."""
    import json

    runner, data = tmp_path / "run_doc.py", tmp_path / "blocks.json"
    runner.write_text(RUNNER)
    data.write_text(json.dumps(blocks))
    env = dict(os.environ, XLA_FLAGS=XLA_FLAGS)
    return subprocess.run(
        [sys.executable, str(runner), path, str(data)], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600
    )


def test_the_docs_that_must_hold_python_snippets_hold_some():
    assert {"README.md", "docs/python.md"} <= set(with_python()), with_python()


@pytest.mark.parametrize("doc", with_python())
def test_every_python_block_of_a_doc_runs(doc, tmp_path):
    blocks = python_blocks(open(os.path.join(ROOT, doc), encoding="utf-8").read())
    done = run_blocks(doc, blocks, tmp_path)
    assert done.returncode == 0, f"a ```python block of {doc} failed (lines {[b[0] for b in blocks]}):\n{done.stderr}"


def test_a_broken_snippet_fails_at_its_line(tmp_path):
    doc = "x\n\n```python\nanswer = 42\n```\n\n<!-- not run: a sketch -->\n```python\nundefined()\n```\n\n```python\nassert answer == 41\n```\n"
    blocks = python_blocks(doc)
    assert [line for line, _ in blocks] == [4, 13], blocks
    done = run_blocks("docs/broken.md", blocks, tmp_path)
    assert done.returncode != 0
    assert 'File "docs/broken.md", line 13' in done.stderr, done.stderr
