"""Writes a kernel whose arr.compute body has many ops.

usage: body.py chain N | dag N | union N | products N

chain:    N negations in a row (a deep use-def chain);
dag:      N additions, each of the previous value with itself (2^N paths);
union:    the sum of N sparse vectors (a merge lattice of 2^N - 1 points);
products: the sum of N products of two sparse vectors each (a union of N
          intersections, whose merge lattice has 2^N - 1 points).
"""
import sys

shape, count = sys.argv[1], int(sys.argv[2])
sv = '#SV = #arr.encoding<[#arr.level<"compressed", {}>], 0.0 : f64, affine_map<(i) -> (i)>>'
access = '    %x{k} = "arr.access"(%a{k}) {{indexing_map = affine_map<(i) -> (i)>}} : (tensor<8xf64, #SV>) -> f64'
inputs = {"union": count, "products": 2 * count}.get(shape, 1)
print(sv)
print("func.func @k(" + ", ".join(f"%a{k}: tensor<8xf64, #SV>" for k in range(inputs)) + ") -> tensor<8xf64> {")
print('  %y = "arr.compute"() ({')
for k in range(inputs):
    print(access.format(k=k))
last = "%x0"
if shape == "products":
    for n in range(count):
        print(f"    %p{n} = arith.mulf %x{2 * n}, %x{2 * n + 1} : f64")
        if n:
            print(f"    %v{n} = arith.addf {last}, %p{n} : f64")
        last = f"%v{n}" if n else "%p0"
for n in range(1, {"union": count, "products": 0}.get(shape, count + 1)):
    if shape == "chain":
        print(f"    %v{n} = arith.negf {last} : f64")
    elif shape == "dag":
        print(f"    %v{n} = arith.addf {last}, {last} : f64")
    else:
        print(f"    %v{n} = arith.addf {last}, %x{n} : f64")
    last = f"%v{n}"
print(f'    "vector.yield"({last}) : (f64) -> ()')
print("  }) {indexing_map = affine_map<(i) -> (i)>, reductions = []} : () -> tensor<8xf64>")
print("  return %y : tensor<8xf64>")
print("}")
