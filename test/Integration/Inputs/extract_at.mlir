// x(i) for an index i given when the program runs: past the end, a read out
// of bounds, which --check-bounds stops.
func.func @kernel(%x: tensor<4xf64>, %i: index) -> f64 {
  %v = tensor.extract %x[%i] : tensor<4xf64>
  return %v : f64
}
