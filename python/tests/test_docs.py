"""docs/python-api.md is the reference the docstrings generate."""

import os
import subprocess
import sys


def test_the_api_reference_is_current(root):
    script = os.path.join(root, "scripts", "python-api-reference.py")
    bless = os.environ.get("AUTOSHARD_BLESS") == "1"
    done = subprocess.run([sys.executable, script] + ([] if bless else ["--check"]), capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
