func.func @f(%t: tensor<4xf64>) {
  return
}

// -----

func.func @g(%t: tensor<4xf64>) {
  %s = "sig.level"(%t) {level = 2 : i64} : (tensor<4xf64>) -> !sig.seq
  return
}

// -----

func.func @h(%t: tensor<4xf64>) {
  // expected-error@+1 {{no such message}}
  %s = "sig.level"(%t) {level = 0 : i64} : (tensor<4xf64>) -> !sig.seq
  return
}
