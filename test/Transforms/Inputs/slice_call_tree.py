"""Writes a module of functions f0..fN that take a slice of a CSR matrix,
each fK calling f(K-1) twice: inlining them all copies 2^N bodies.
usage: slice_call_tree.py N"""
import sys

n = int(sys.argv[1])
rows = "tensor<2x4xf64, #ROWS>"
print("#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>")
print("#ROWS = #sparse_tensor.encoding<{ map = (i : #sparse_tensor<slice(1, 2, 1)>, j : #sparse_tensor<slice(0, 4, 1)>) -> (i : dense, j : compressed) }>")
print("module {")
print(f"  func.func @f0(%A: {rows}, %x: tensor<4xf64>) -> tensor<4xf64> {{")
print("    %e = tensor.empty() : tensor<4xf64>")
print("    %r = linalg.add ins(%x, %x : tensor<4xf64>, tensor<4xf64>) outs(%e : tensor<4xf64>) -> tensor<4xf64>")
print("    return %r : tensor<4xf64>")
print("  }")
for k in range(1, n + 1):
    print(f"  func.func @f{k}(%A: {rows}, %x: tensor<4xf64>) -> tensor<4xf64> {{")
    print(f"    %y = call @f{k - 1}(%A, %x) : ({rows}, tensor<4xf64>) -> tensor<4xf64>")
    print(f"    %z = call @f{k - 1}(%A, %y) : ({rows}, tensor<4xf64>) -> tensor<4xf64>")
    print("    return %z : tensor<4xf64>")
    print("  }")
print("  func.func @main(%A: tensor<4x4xf64, #CSR>, %x: tensor<4xf64>) -> tensor<4xf64> {")
print(f"    %s = tensor.extract_slice %A[1, 0][2, 4][1, 1] : tensor<4x4xf64, #CSR> to {rows}")
print(f"    %y = call @f{n}(%s, %x) : ({rows}, tensor<4xf64>) -> tensor<4xf64>")
print("    return %y : tensor<4xf64>")
print("  }")
print("}")
