# Sourced by scripts/test-python and scripts/jax/run: `venv_ready VENV REQUIREMENTS`
# makes VENV a venv of the pinned packages of REQUIREMENTS (rebuilt when they
# change) and installs the `autoshard` package from python/ into it. uv and maturin
# (pinned, installed by pip into target/python-tools) make the venv, install packages
# in seconds where pip takes a minute, and build the package's wheel in the
# workspace's target directory with cargo's progress shown: the crates the command
# line and the Rust tests built are not built again (workspace-hack/). Sets `uv` to
# uv's path.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-python3}"
tools="$root/target/python-tools"
uv="$tools/bin/uv"

venv_ready() {
    local venv="$1" requirements="$2" started=$SECONDS
    if [ ! -x "$uv" ] || [ ! -x "$tools/bin/maturin" ]; then
        "$python" -m venv "$tools"
        "$tools/bin/pip" install --quiet --disable-pip-version-check uv==0.9.5 maturin==1.16.0
    fi
    local stamp="$venv/.requirements"
    if ! cmp -s "$requirements" "$stamp" 2>/dev/null; then
        rm -rf "$venv"
        "$uv" venv --quiet --python "$python" "$venv"
        VIRTUAL_ENV="$venv" "$uv" pip install --quiet -r "$requirements"
        cp "$requirements" "$stamp"
    fi
    echo "$(basename "$0"): venv ready in $((SECONDS - started)) s" >&2
    local wheels="$root/target/python-wheel"
    rm -rf "$wheels"
    "$tools/bin/maturin" build --release --manifest-path "$root/python/Cargo.toml" \
        --interpreter "$venv/bin/python" --out "$wheels"
    VIRTUAL_ENV="$venv" "$uv" pip install --quiet --reinstall --no-deps "$wheels"/autoshard-*.whl
    echo "$(basename "$0"): package built and installed in $((SECONDS - started)) s" >&2
}
