"""Writes a 3 x 1 COO archive (as scipy.sparse.save_npz does) of i8 values
listing (1, 0) twice with 100: the file named by the first argument."""
import struct
import sys
import zipfile


def npy(descr, shape, data):
    header = "{'descr': '%s', 'fortran_order': False, 'shape': %s, }" % (descr, shape)
    header += " " * (64 - (10 + len(header) + 1) % 64) + "\n"
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + data


with zipfile.ZipFile(sys.argv[1], "w") as archive:
    archive.writestr("row.npy", npy("<i8", "(2,)", struct.pack("<2q", 1, 1)))
    archive.writestr("col.npy", npy("<i8", "(2,)", struct.pack("<2q", 0, 0)))
    archive.writestr("data.npy", npy("|i1", "(2,)", struct.pack("<2b", 100, 100)))
    archive.writestr("shape.npy", npy("<i8", "(2,)", struct.pack("<2q", 3, 1)))
    archive.writestr("format.npy", npy("<U3", "()", "coo".encode("utf-32-le")))
