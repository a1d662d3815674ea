"""PyTorch models and random sparse inputs, shared by the package's tests
(test_torch.py) and the export script of the lit suite's fixtures
(test/Integration/Inputs/torch/export.py)."""

import torch


def sparse(m, n, density=0.3, layout=torch.sparse_csr, empty_row=True, full_row=True, low=0.0):
    """A random m x n matrix of values in [low, 1) in ``layout``, with an
    empty first row and a full last one."""
    dense = (low + (1 - low) * torch.rand(m, n)) * (torch.rand(m, n) < density)
    if empty_row:
        dense[0] = 0
    if full_row:
        dense[m - 1] = torch.rand(n) + 0.5
    return dense.to_sparse(layout=layout)


def batch_coo(batches=2, m=4, n=5):
    dense = torch.rand(batches, m, n) * (torch.rand(batches, m, n) < 0.3)
    dense[batches - 1, m - 1] = torch.rand(n) + 0.5
    return dense.to_sparse()


class MM(torch.nn.Module):
    def forward(self, a, b):
        return torch.mm(a, b)


class Add(torch.nn.Module):
    def forward(self, a, b):
        return a + b


class Mul(torch.nn.Module):
    def forward(self, a, b):
        return a * b


class Relu(torch.nn.Module):
    def forward(self, a):
        return torch.relu(a)


class Neg(torch.nn.Module):
    def forward(self, a):
        return -a


class Tanh(torch.nn.Module):
    def forward(self, a):
        return torch.tanh(a)


class SDDMM(torch.nn.Module):
    def forward(self, s, a, b):
        return s * torch.mm(a, b)


class SumSpMM(torch.nn.Module):
    def forward(self, a, b):
        return torch.mm(a, b).sum()


class BMM(torch.nn.Module):
    def forward(self, a, b):
        return torch.bmm(a, b)


class GCN(torch.nn.Module):
    """Graph convolution layers over a sparse adjacency, then log_softmax."""

    def __init__(self, sizes):
        super().__init__()
        self.linears = torch.nn.ModuleList(torch.nn.Linear(a, b) for a, b in zip(sizes, sizes[1:]))

    def forward(self, adjacency, x):
        for index, linear in enumerate(self.linears):
            x = torch.mm(adjacency, linear(x))
            if index + 1 < len(self.linears):
                x = torch.relu(x)
        return torch.log_softmax(x, dim=1)


class NormalizedGCN(torch.nn.Module):
    """One layer with degree normalization, D^-1/2 A D^-1/2 X W: the degrees
    are A times ones (a sparse-dense product), normalization is dense."""

    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(8, 4)

    def forward(self, adjacency, x, ones):
        degree = torch.mm(adjacency, ones).clamp(min=1.0)
        scale = degree.rsqrt()
        return scale * torch.mm(adjacency, scale * self.linear(x))


class Pruned(torch.nn.Module):
    """A pruned linear layer: the sparse weight times the activations."""

    def forward(self, x, weight):
        return torch.mm(weight, x.t()).t()


class Attention(torch.nn.Module):
    """Sparse attention: exp of the scores q k^T sampled at the stored
    entries of a mask (SDDMM), a softmax over each row's stored entries
    (normalized by their sum, an SpMV of the sparse scores), times v."""

    def forward(self, mask, q, k, v, ones):
        scores = mask * torch.exp(torch.mm(q, k.t()))
        return torch.mm(scores, v) / torch.mm(scores, ones)
