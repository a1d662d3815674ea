// Entries of scalars alone, which cfir-to-scf does not rewrite: sparse-run
// gives them their C interface.
func.func @twice(%a: f64) -> f64 {
  %b = arith.addf %a, %a : f64
  return %b : f64
}
func.func @two() -> i32 {
  %b = arith.constant 2 : i32
  return %b : i32
}
