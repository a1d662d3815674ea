// A complex scalar result, made from a real scalar argument and from a
// complex one (the C interface returns it through a pointer before the
// arguments, as a tensor's fields).
func.func @kernel(%x: tensor<?xf64>, %a: f64) -> complex<f64> {
  %c = complex.create %a, %a : complex<f64>
  return %c : complex<f64>
}
func.func @passed(%x: tensor<?xf64>, %a: complex<f32>) -> complex<f32> {
  return %a : complex<f32>
}
