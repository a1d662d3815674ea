// -s, a scalar result: -0.0 where s is 0.0.
func.func @negate(%s: f64) -> f64 {
  %r = arith.negf %s : f64
  return %r : f64
}
