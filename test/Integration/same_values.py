"""Compares two tensor files (.tns or .mtx) written by sparse-run: the same
lines, with numbers equal as numbers, so that -0 and 0 agree (a signed zero
of an unstored component is not tracked; see docs/dialects/arr.md).

usage: same_values.py GOT EXPECTED
"""
import sys


def same(a, b):
    if a == b:
        return True
    try:
        return float(a) == float(b)
    except ValueError:
        return False


got, expected = (open(path).read().splitlines() for path in sys.argv[1:3])
if len(got) != len(expected):
    sys.exit(f"{len(got)} lines, {len(expected)} expected")
for number, (line, wanted) in enumerate(zip(got, expected), 1):
    fields, wanted_fields = line.split(), wanted.split()
    if len(fields) != len(wanted_fields) or not all(map(same, fields, wanted_fields)):
        sys.exit(f"line {number}: {line!r}, expected {wanted!r}")
