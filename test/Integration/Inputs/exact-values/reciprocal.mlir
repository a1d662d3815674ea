// 1 / s: -inf where s is -0.0.
func.func @reciprocal(%s: f64) -> f64 {
  %one = arith.constant 1.0 : f64
  %r = arith.divf %one, %s : f64
  return %r : f64
}
