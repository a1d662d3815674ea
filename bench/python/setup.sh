#!/usr/bin/env bash
# Usage: bench/python/setup.sh VENV [--torch]
#
# Creates the Python virtual environment VENV (with `python3 -m venv`, or
# $PYTHON if set) and installs bench/python/requirements.txt into it, from
# wheels only; with --torch, also requirements-torch.txt (PyTorch, the
# convolutions' dense baseline), whose failure to install is a warning, not
# an error, tried once: the peers then report PyTorch's cases as not run
# (remove VENV/.torch-failed to try again). A stamp file
# in VENV records the hash of each requirements file and the interpreter's
# version; when they match, the script does nothing, so it is cheap to call
# before every benchmark run.
set -euo pipefail

fail() {
    echo "bench/python/setup.sh: $*" >&2
    exit 1
}

[[ ( $# -eq 1 || ( $# -eq 2 && $2 == --torch ) ) && -n $1 ]] || fail "usage: setup.sh VENV [--torch]"
venv=$1
here="$(cd "$(dirname "$0")" && pwd)"
python=${PYTHON:-python3}

# The stamp's content for `requirements`: what the venv must have been set
# up from.
wanted_stamp() {
    local version
    version=$("$venv/bin/python" -c 'import sys; print(sys.version)') || return 1
    printf '%s\n%s\n' "$(sha256sum <"$1" | cut -d' ' -f1)" "$version"
}

# Whether the venv was set up from requirements file $1, as stamp $2 records.
up_to_date() {
    [[ -x $venv/bin/python && -f $2 ]] && [[ "$(wanted_stamp "$1" 2>/dev/null)" == "$(cat "$2")" ]]
}

# Installs PyTorch once: a failed install is recorded too (.torch-failed),
# so that later runs do not download it again; removing that file retries.
install_torch() {
    local requirements="$here/requirements-torch.txt" stamp="$venv/.torch-stamp" failed="$venv/.torch-failed"
    [[ -f $requirements ]] || fail "missing $requirements"
    up_to_date "$requirements" "$stamp" && return 0
    if up_to_date "$requirements" "$failed"; then
        echo "setup.sh: warning: $requirements did not install before; PyTorch's cases will not run (remove $failed to try again)" >&2
        return 0
    fi
    rm -f "$stamp" "$failed"
    echo "setup.sh: installing $requirements into $venv" >&2
    # No cache: the CUDA libraries PyPI's wheel pulls would stay on disk twice.
    if "$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-cache-dir --only-binary=:all: -r "$requirements"; then
        wanted_stamp "$requirements" >"$stamp" || fail "the interpreter in $venv does not run"
    else
        wanted_stamp "$requirements" >"$failed" || fail "the interpreter in $venv does not run"
        echo "setup.sh: warning: pip could not install $requirements; PyTorch's cases will not run (remove $failed to try again)" >&2
    fi
}

requirements="$here/requirements.txt"
stamp="$venv/.requirements-stamp"
[[ -f $requirements ]] || fail "missing $requirements"

if up_to_date "$requirements" "$stamp"; then
    [[ $# -eq 1 ]] || install_torch
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
wanted_stamp "$requirements" >"$stamp" || fail "the interpreter in $venv does not run"
[[ $# -eq 1 ]] || install_torch
