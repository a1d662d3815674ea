func.func @f(%t: tensor<4xf64>) -> !sig.seq {
  %s = "sig.level"(%t) {level = 0 : i64} : (tensor<4xf64>) -> !sig.seq
  return %s : !sig.seq
}
