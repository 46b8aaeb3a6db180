"""Writes docs/python-api.md, the Python API reference, from the package's docstrings.

    python scripts/python-api-reference.py [--check]

Imports the installed ``autoshard`` (``pip install ./python``) and documents every
name of ``autoshard.__all__`` and ``autoshard.jax.__all__``: its signature and
docstring, and a class's public methods and properties. ``--check`` compares with the
file instead of writing it (exit 1 on a difference); the Python suite runs it.
"""

import inspect
import re
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGET = os.path.join(ROOT, "docs", "python-api.md")

HEADER = """# The Python API

Generated from the docstrings by `scripts/python-api-reference.py` (do not edit; the
Python suite checks it is current). The guide is [python.md](python.md).
"""


def doc(obj):
    text = inspect.getdoc(obj) or ""
    return text.strip()


def signature(name, obj):
    try:
        text = f"{name}{inspect.signature(obj)}"
    except (TypeError, ValueError):
        return name
    # Annotations as written (`from __future__ import annotations` quotes them).
    text = re.sub(r"(: |-> )\"'([^']*)'\"", r"\1\2", text)
    text = re.sub(r"(: |-> )'([^']*)'", r"\1\2", text)
    # Methods without `self`, and without the positional-only marker of native ones.
    for old, new in (("(self, ", "("), ("(self)", "()"), ("(/, ", "("), ("(/)", "()"), (", /)", ")")):
        text = text.replace(old, new)
    return text


def item(head, text):
    """A list item whose continuation lines are indented under it."""
    lines = (text or "—").splitlines()
    return [f"- {head}: {lines[0]}"] + [f"  {line}" if line else "" for line in lines[1:]]


def members(cls):
    out = []
    for name, member in sorted(vars(cls).items()):
        if name.startswith("_"):
            continue
        if isinstance(member, property) or type(member).__name__ == "getset_descriptor":
            out.append((f"{cls.__name__}.{name}", "property", member))
        elif callable(member) or isinstance(member, (staticmethod, classmethod)):
            out.append((f"{cls.__name__}.{name}", "method", member))
    return out


def entry(module, name, obj):
    lines = []
    if inspect.isclass(obj) and issubclass(obj, BaseException):
        bases = ", ".join(b.__name__ for b in obj.__bases__)
        lines += [f"### `{module}.{name}` (exception, from {bases})", "", doc(obj), ""]
        return lines
    if inspect.isclass(obj):
        fields = getattr(obj, "__dataclass_fields__", {})
        lines += [f"### class `{module}.{name}`", "", doc(obj), ""]
        for field in fields.values():
            lines += [f"- `{name}.{field.name}: {field.type}`"]
        for full, kind, member in members(obj):
            if kind == "property":
                lines += item(f"`{full}` (property)", doc(member))
            else:
                lines += item(f"`{signature(full, member)}`", doc(member))
        return lines + [""]
    lines += [f"### `{module}.{signature(name, obj)}`", "", doc(obj), ""]
    return lines


def render():
    import autoshard
    import autoshard.jax

    out = [HEADER]
    for module in (autoshard, autoshard.jax):
        out += [f"## `{module.__name__}`", "", doc(module), ""]
        for name in sorted(module.__all__):
            out += entry(module.__name__, name, getattr(module, name))
    text = "\n".join(out)
    return "\n".join(line.rstrip() for line in text.splitlines()).strip() + "\n"


def main():
    text = render()
    if "--check" in sys.argv:
        current = open(TARGET).read() if os.path.exists(TARGET) else ""
        if current != text:
            print(f"{TARGET} is out of date: run python scripts/python-api-reference.py", file=sys.stderr)
            sys.exit(1)
        return
    with open(TARGET, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
