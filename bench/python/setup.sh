#!/usr/bin/env bash
# Usage: bench/python/setup.sh VENV
#
# Creates the Python virtual environment VENV (with `python3 -m venv`, or
# $PYTHON if set) and installs bench/python/requirements.txt into it, from
# wheels only. A stamp file in VENV records the hash of the requirements and
# the interpreter's version; when it matches, the script does nothing, so it
# is cheap to call before every benchmark run.
set -euo pipefail

fail() {
    echo "bench/python/setup.sh: $*" >&2
    exit 1
}

[[ $# -eq 1 && -n $1 ]] || fail "usage: setup.sh VENV"
venv=$1
requirements="$(cd "$(dirname "$0")" && pwd)/requirements.txt"
stamp="$venv/.requirements-stamp"
python=${PYTHON:-python3}

[[ -f $requirements ]] || fail "missing $requirements"

# The stamp's content: what the venv must have been set up from.
wanted_stamp() {
    local version
    version=$("$venv/bin/python" -c 'import sys; print(sys.version)') || return 1
    printf '%s\n%s\n' "$(sha256sum <"$requirements" | cut -d' ' -f1)" "$version"
}

if [[ -x $venv/bin/python && -f $stamp ]] && [[ "$(wanted_stamp 2>/dev/null)" == "$(cat "$stamp")" ]]; then
    exit 0
fi

if [[ ! -x $venv/bin/python ]]; then
    command -v "$python" >/dev/null || fail "$python not found; install Python 3.11 or set PYTHON"
    "$python" -m venv "$venv" || fail "could not create a virtual environment at $venv with '$python -m venv' (on Debian, install python3-venv)"
fi

rm -f "$stamp"
echo "setup.sh: installing $requirements into $venv" >&2
"$venv/bin/python" -m pip install --quiet --disable-pip-version-check --only-binary=:all: -r "$requirements" \
    || fail "pip could not install $requirements into $venv"
wanted_stamp >"$stamp" || fail "the interpreter in $venv does not run"
