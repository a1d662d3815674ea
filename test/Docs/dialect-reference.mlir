// The dialect reference documents exactly the ops of the IRDL files, and each
// of its examples passes sparse-opt and round-trips.
// RUN: %python %S/check_docs.py %irdl %docs/dialects | FileCheck %s
// CHECK: dialect reference matches the IRDL files
