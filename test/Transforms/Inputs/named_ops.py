"""Writes one func.func per named linalg op of the installed MLIR, `// -----` between them.

usage: named_ops.py .../mlir/Dialect/Linalg/IR/LinalgNamedStructuredOps.yamlgen.td > ops.mlir

Owns the instances that test/Transforms/all-named-ops.mlir feeds to --sparse-compiler.
The op list comes from the installed headers, so it cannot drift from the LLVM in use:
- the OpDSL ops (every `def` in the .yamlgen.td) get operand shapes derived from their
  indexing maps in the .yamlgen.cpp.inc next to it (loop dim i has size 2 + i % 3,
  strides and dilations are 1); the rank-polymorphic elementwise ones get rank-2 operands;
- the other structured ops (in LinalgStructuredOps.td, LinalgOps.td, LinalgRelayoutOps.td)
  get the hand-written instances of OTHER_OPS.
An op this script cannot instantiate (no maps found, an unknown map form, a def missing
from OTHER_OPS) stops it with an error naming the op. Operands are f32 (element_type lists
the exceptions) and come in as arguments; the output is a tensor.empty. The op of each func
is on the line(s) between that setup and the `return`.
"""
import os
import re
import sys

SCALAR_OPERANDS = {"fill": {0}}  # rank-polymorphic ops taking a scalar


def element_type(name, k, shape):
    """The element type of operand k (of `shape`, "" for a scalar) of OpDSL op `name`."""
    if "unsigned" in name:  # f32 has no unsigned form
        return "i32"
    if (name.startswith("quantized_") or name.endswith("_q")) and not shape:  # zero points
        return "i32"
    return {("select", 0): "i1", ("fill_rng_2d", 0): "f64", ("fill_rng_2d", 1): "f64",
            ("fill_rng_2d", 2): "i32"}.get((name, k), "f32")


# Structured ops outside OpDSL: (input shapes, output shape, op text), with {io} standing
# for `ins(%a0, ... : types) outs(%e0 : type)`, {r} for the result type, {t0} for input 0's.
OTHER_OPS = {
    "map": (["4x3", "4x3"], "4x3", "linalg.map { arith.addf } {io}"),
    "reduce": (["4x3"], "4", "linalg.reduce { arith.addf } {io} dimensions = [1]"),
    "transpose": (["4x3"], "3x4", "linalg.transpose {io} permutation = [1, 0]"),
    "broadcast": (["4"], "4x3", "linalg.broadcast {io} dimensions = [1]"),
    "elementwise": (["4x3", "4x3"], "4x3", "linalg.elementwise kind=#linalg.elementwise_kind<add> {io} -> {r}"),
    "matmul": (["4x2", "2x3"], "4x3", "linalg.matmul {io} -> {r}"),
    "contract": (["4x2", "2x3"], "4x3", "linalg.contract indexing_maps = [affine_map<(m, n, k) -> (m, k)>, "
                 "affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>] {io} -> {r}"),
    "batch_matmul": (["2x4x2", "2x2x3"], "2x4x3", "linalg.batch_matmul {io} -> {r}"),
    "batch_reduce_matmul": (["2x4x2", "2x2x3"], "4x3", "linalg.batch_reduce_matmul {io} -> {r}"),
    "softmax": (["4x3"], "4x3", "linalg.softmax dimension(1) {io} -> {r}"),
    # F(2, 3): filter FxHxWxC, input NxHxWxC, tiles alpha x alpha x tileH x tileW x N x C|F
    "winograd_filter_transform": (["2x3x3x5"], "4x4x5x2", "linalg.winograd_filter_transform fmr(F_2_3) {io} -> {r}"),
    "winograd_input_transform": (["1x6x6x5"], "4x4x2x2x1x5", "linalg.winograd_input_transform fmr(F_2_3) {io} -> {r}"),
    "winograd_output_transform": (["4x4x2x2x1x2"], "1x4x4x2", "linalg.winograd_output_transform fmr(F_2_3) {io} -> {r}"),
    "pack": (["4x6"], "2x3x2x2", "linalg.pack %a0 inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e0 : {t0} -> {r}"),
    "unpack": (["2x3x2x2"], "4x6", "linalg.unpack %a0 inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %e0 : {t0} -> {r}"),
}
NOT_NAMED = {"generic", "yield", "index"}


def fail(message):
    sys.exit(f"named_ops.py: {message}")


def tensor(shape, element="f32"):
    return f"tensor<{shape}x{element}>" if shape else f"tensor<{element}>"


def function(name, inputs, output, op):
    """A func.func taking the inputs (types) as %a0, %a1, ... and returning op's result."""
    args = ", ".join(f"%a{k}: {t}" for k, t in enumerate(inputs))
    io = f"ins({', '.join(f'%a{k}' for k in range(len(inputs)))} : {', '.join(inputs)}) outs(%e0 : {output})"
    text = op.replace("{io}", io).replace("{r}", output).replace("{t0}", inputs[0])
    return (f"func.func @{name}({args}) -> {output} {{\n  %e0 = tensor.empty() : {output}\n"
            f"  %r = {text}\n  return %r : {output}\n}}\n")


def operand_shapes(maps):
    """Static shapes for the operands of indexing maps `(d0, ...)[s0, ...] -> (exprs)`."""
    shapes = []
    for m in maps:
        dims, results = re.fullmatch(r"\(([^)]*)\)(?:\[[^\]]*\])? -> \(([^)]*)\)", m).groups()
        size = {d.strip(): 2 + k % 3 for k, d in enumerate(dims.split(","))}
        shape = []
        for expr in filter(None, (e.strip() for e in results.split(","))):
            if not re.fullmatch(r"[ds0-9 +*]+", expr):
                raise ValueError(f"unsupported map result {expr!r}")
            # The largest index the expression reaches (symbols, strides and dilations are 1) + 1.
            shape.append(1 + eval(re.sub(r"d\d+", lambda d: str(size[d.group()] - 1), re.sub(r"s\d+", "1", expr))))
        shapes.append("x".join(map(str, shape)))
    return shapes


def opdsl_op(name, cls, inc):
    """The func for OpDSL op `name` (class `cls`), from its maps in the .yamlgen.cpp.inc."""
    body = re.search(rf"ArrayAttr {cls}::getIndexingMaps\(\) {{(.*?)\n}}", inc, re.S)
    nargs = re.search(rf"unsigned {cls}::getNumRegionArgs\(\) {{ return (\d+); }}", inc)
    if not body or not nargs:
        fail(f"no indexing maps or region arguments found for linalg.{name} ({cls})")
    maps = re.findall(r'parseAttribute\("affine_map<(.*?)>"', body.group(1))
    if maps:
        try:
            shapes = operand_shapes(maps)
        except ValueError as e:
            fail(f"cannot instantiate linalg.{name}: {e}")
    elif "getNumParallelLoops()" in body.group(1):  # rank-polymorphic elementwise op
        shapes = ["" if k in SCALAR_OPERANDS.get(name, ()) else "4x3" for k in range(int(nargs.group(1)))]
    else:
        fail(f"unknown indexing map form for linalg.{name} ({cls})")
    if len(shapes) != int(nargs.group(1)):
        fail(f"linalg.{name}: {len(shapes)} maps for {nargs.group(1)} operands")
    # A map without results is a scalar input, or a rank-0 output.
    types = [tensor(s, element_type(name, k, s)) if s else element_type(name, k, s) for k, s in enumerate(shapes)]
    types[-1] = tensor(shapes[-1], element_type(name, len(shapes) - 1, shapes[-1]))
    return function(name, types[:-1], types[-1], f"linalg.{name} {{io}} -> {{r}}")


def main():
    if len(sys.argv) != 2:
        fail("usage: named_ops.py .../LinalgNamedStructuredOps.yamlgen.td")
    td = sys.argv[1]
    ir = os.path.dirname(td)
    read = lambda f: open(os.path.join(ir, f)).read()
    inc = read(os.path.basename(td).replace(".td", ".cpp.inc"))
    opdsl = re.findall(r'^def (\w+) : LinalgStructuredBase_Op<"(\w+)"', read(os.path.basename(td)), re.M)
    if not opdsl:
        fail(f"no op definitions in {td}")
    others = [n for f in ("LinalgStructuredOps.td", "LinalgOps.td", "LinalgRelayoutOps.td")
              for n in re.findall(r'^def \w+ : (?:LinalgStructuredBase_Op|Linalg_Op|Linalg_RelayoutOp)<"(\w+)"',
                                  read(f), re.M) if n not in NOT_NAMED]
    missing = [n for n in others if n not in OTHER_OPS]
    stale = [n for n in OTHER_OPS if n not in others]
    if missing or stale:
        fail(f"no instance for {missing} (add them to OTHER_OPS); not defined upstream: {stale}")
    funcs = [opdsl_op(name, cls, inc) for cls, name in opdsl]
    for name in others:
        inputs, output, op = OTHER_OPS[name]
        funcs.append(function(name, [tensor(s) for s in inputs], tensor(output), op))
    print("\n// -----\n\n".join(funcs), end="")


main()
