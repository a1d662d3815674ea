"""Exports the PyTorch models of test/Integration/torch-models.mlir with
torch-mlir's FX importer, as a PyTorch user reaches MLIR's sparsifier: each
model's linalg-on-tensors module (<name>.mlir, unchanged), its inputs
(<name>.<i>.mtx or .tns) and PyTorch's eager answer (<name>.expected.mtx,
.tns, or .txt for a scalar). Needs torch and torch-mlir (pip install torch
torch-mlir); the test itself needs neither.

usage: python export.py [OUT_DIR]
"""
import os
import sys

import numpy as np
import torch
from torch_mlir import fx

# The models and inputs the Python package's tests use too.
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "..", "python", "tests"))
from models import BMM, GCN, MM, SDDMM, Add, Mul, Neg, Pruned, Relu, SumSpMM, Tanh, batch_coo, sparse  # noqa: E402

out = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))
torch.manual_seed(0)


MODELS = {
    "spmm_csr": (MM(), (sparse(6, 5), torch.rand(5, 3))),
    "spmm_csc": (MM(), (sparse(6, 5, layout=torch.sparse_csc), torch.rand(5, 3))),
    "add_csr": (Add(), (sparse(6, 5), sparse(6, 5, full_row=False))),
    "mul_csr": (Mul(), (sparse(6, 5), sparse(6, 5, empty_row=False))),
    "relu_csr": (Relu(), (sparse(6, 5, density=0.6, low=-1.0),)),
    "neg_csr": (Neg(), (sparse(6, 5),)),
    "tanh_csr": (Tanh(), (sparse(6, 5),)),
    "sddmm": (SDDMM(), (sparse(6, 5), torch.rand(6, 4), torch.rand(4, 5))),
    "spgemm": (MM(), (sparse(6, 5), sparse(5, 4))),
    "bmm_coo": (BMM(), (batch_coo(), torch.rand(2, 5, 3))),
    "sum_spmm": (SumSpMM(), (sparse(6, 5), torch.rand(5, 3))),
    "gcn1": (GCN([8, 4]), (sparse(6, 6), torch.rand(6, 8))),
    "gcn2": (GCN([8, 16, 4]), (sparse(6, 6), torch.rand(6, 8))),
    "pruned_linear": (Pruned(), (torch.rand(3, 5), sparse(4, 5))),
    "add_coo": (Add(), (sparse(6, 5, layout=torch.sparse_coo), sparse(6, 5, layout=torch.sparse_coo, full_row=False))),
    "relu_coo": (Relu(), (sparse(6, 5, layout=torch.sparse_coo, density=0.6, low=-1.0),)),
    "spmm_coo": (MM(), (sparse(6, 5, layout=torch.sparse_coo), torch.rand(5, 3))),
}


def write(path, tensor):
    """Matrix Market (rank 2) or extended FROSTT (rank 3): sparse tensors as
    their stored entries, dense ones whole."""
    dense = (tensor.to_dense() if tensor.layout != torch.strided else tensor).detach().numpy().astype(np.float64)
    stored = [tuple(p) for p in np.argwhere(dense != 0)] if tensor.layout != torch.strided else list(np.ndindex(*dense.shape))
    with open(path, "w") as f:
        if dense.ndim == 2:
            f.write("%%MatrixMarket matrix coordinate real general\n")
            f.write(f"{dense.shape[0]} {dense.shape[1]} {len(stored)}\n")
        else:
            f.write(f"{dense.ndim} {len(stored)}\n{' '.join(map(str, dense.shape))}\n")
        for point in stored:
            f.write(" ".join(str(i + 1) for i in point) + f" {float(dense[point])!r}\n")


for name, (model, args) in MODELS.items():
    module = fx.export_and_import(model, *args, output_type="linalg-on-tensors")
    with open(os.path.join(out, f"{name}.mlir"), "w") as f:
        f.write(f"// {name}: exported by export.py with torch-mlir's FX importer, unchanged.\n{module}")
    for index, arg in enumerate(args):
        write(os.path.join(out, f"{name}.{index}.{'tns' if arg.dim() == 3 else 'mtx'}"), arg)
    expected = model(*args)
    if expected.dim() == 0:
        with open(os.path.join(out, f"{name}.expected.txt"), "w") as f:
            f.write(f"{float(expected)!r}\n")
    else:
        write(os.path.join(out, f"{name}.expected.{'tns' if expected.dim() == 3 else 'mtx'}"), expected)
    print(name)
