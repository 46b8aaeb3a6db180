# Sourced by scripts/test-python and scripts/jax/run: `venv_ready VENV REQUIREMENTS`
# makes VENV a venv of the pinned packages of REQUIREMENTS (rebuilt when they
# change) and installs the `autoshard` package from python/ into it. uv (pinned,
# installed by pip into target/python-tools) makes the venv and installs packages
# in seconds where pip takes a minute; the package's build (maturin, through uv)
# shares the workspace's target directory. Sets `uv` to uv's path.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
tools="$root/target/python-tools"
uv="$tools/bin/uv"

venv_ready() {
    local venv="$1" requirements="$2" started=$SECONDS
    if [ ! -x "$uv" ]; then
        "$python" -m venv "$tools"
        "$tools/bin/pip" install --quiet --disable-pip-version-check uv==0.9.5
    fi
    local stamp="$venv/.requirements"
    if ! cmp -s "$requirements" "$stamp" 2>/dev/null; then
        rm -rf "$venv"
        "$uv" venv --quiet --python "$python" "$venv"
        VIRTUAL_ENV="$venv" "$uv" pip install --quiet -r "$requirements"
        cp "$requirements" "$stamp"
    fi
    echo "$(basename "$0"): venv ready in $((SECONDS - started)) s" >&2
    VIRTUAL_ENV="$venv" "$uv" pip install --quiet --reinstall --no-deps "$root/python"
    echo "$(basename "$0"): package built and installed in $((SECONDS - started)) s" >&2
}
