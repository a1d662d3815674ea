"""Runs a shipped SpGEMM kernel (C = A·B) with sparse-run on dense ROWS × 420
and 420 × 400 matrices (ROWS is 400 unless given): with 400 rows, 67,200,000
products, over the 2^26 stores up to which a row workspace allocates the
result for its bound, so the kernel counts the touched columns of each row
first, then fills the 160,000 entries. A(i, k) = a_i·u_k and B(k, j) = v_k·b_j, so C(i, j) = a_i·b_j·S with
S = Σ_k u_k·v_k: every entry is checked against that, exactly (small
integers).

usage: check_bound.py KERNEL_FILE WORK_DIR [ROWS]
"""
import os
import subprocess
import sys

kernel_file, work = sys.argv[1:3]
os.makedirs(work, exist_ok=True)
M, K, N = int(sys.argv[3]) if len(sys.argv) > 3 else 400, 420, 400
a = [i % 3 + 1 for i in range(M)]
u = [k % 2 + 1 for k in range(K)]
v = [(k // 2) % 2 + 1 for k in range(K)]
b = [j % 3 + 1 for j in range(N)]


def write(name, rows, columns, value):
    path = os.path.join(work, name)
    with open(path, "w") as file:
        file.write("%%MatrixMarket matrix coordinate real general\n")
        file.write(f"{rows} {columns} {rows * columns}\n")
        file.writelines(f"{i + 1} {j + 1} {value(i, j)}\n" for i in range(rows) for j in range(columns))
    return path


output = os.path.join(work, "c.mtx")
run = subprocess.run(["sparse-run", kernel_file, write("a.mtx", M, K, lambda i, k: a[i] * u[k]),
                      write("b.mtx", K, N, lambda k, j: v[k] * b[j]), "-o", output], capture_output=True)
if run.returncode != 0:
    print(run.stderr.decode("utf-8", "backslashreplace"))
    sys.exit(1)
S = sum(x * y for x, y in zip(u, v))
with open(output) as file:
    lines = [line for line in file if not line.startswith("%")]
got = {(int(i) - 1, int(j) - 1): float(value) for i, j, value in (line.split() for line in lines[1:])}
wrong = sum(1 for i in range(M) for j in range(N) if got.get((i, j)) != a[i] * b[j] * S)
print(f"{M * K * N} products, {len(got)} entries:", "match" if wrong == 0 and len(got) == M * N else f"{wrong} differ")
