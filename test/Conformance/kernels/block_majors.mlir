// UPSTREAM: block_majors.mlir
// Converting a dense matrix into 3x4-block storage, with block rows or block columns
// outermost and row- or column-major order inside each block.

#BlkRowsInRowMajor = #sparse_tensor.encoding<{
  map = (r, c) -> (r floordiv 3 : dense, c floordiv 4 : compressed,
                   r mod 3 : dense, c mod 4 : dense)
}>

#BlkRowsInColMajor = #sparse_tensor.encoding<{
  map = (r, c) -> (r floordiv 3 : dense, c floordiv 4 : compressed,
                   c mod 4 : dense, r mod 3 : dense)
}>

#BlkColsInRowMajor = #sparse_tensor.encoding<{
  map = (r, c) -> (c floordiv 4 : dense, r floordiv 3 : compressed,
                   r mod 3 : dense, c mod 4 : dense)
}>

#BlkColsInColMajor = #sparse_tensor.encoding<{
  map = (r, c) -> (c floordiv 4 : dense, r floordiv 3 : compressed,
                   c mod 4 : dense, r mod 3 : dense)
}>

// KERNEL: density=0.1 | dense -> BSR (block rows outer, row-major blocks)
func.func @to_blk_rows_rowmajor(%d: tensor<6x16xf64>) -> tensor<6x16xf64, #BlkRowsInRowMajor> {
  %s = sparse_tensor.convert %d : tensor<6x16xf64> to tensor<6x16xf64, #BlkRowsInRowMajor>
  return %s : tensor<6x16xf64, #BlkRowsInRowMajor>
}

// KERNEL: density=0.1 | dense -> BSR (block rows outer, column-major blocks)
func.func @to_blk_rows_colmajor(%d: tensor<6x16xf64>) -> tensor<6x16xf64, #BlkRowsInColMajor> {
  %s = sparse_tensor.convert %d : tensor<6x16xf64> to tensor<6x16xf64, #BlkRowsInColMajor>
  return %s : tensor<6x16xf64, #BlkRowsInColMajor>
}

// KERNEL: density=0.1 | dense -> BSC-like (block columns outer, row-major blocks)
func.func @to_blk_cols_rowmajor(%d: tensor<6x16xf64>) -> tensor<6x16xf64, #BlkColsInRowMajor> {
  %s = sparse_tensor.convert %d : tensor<6x16xf64> to tensor<6x16xf64, #BlkColsInRowMajor>
  return %s : tensor<6x16xf64, #BlkColsInRowMajor>
}

// KERNEL: density=0.1 | dense -> BSC-like (block columns outer, column-major blocks)
func.func @to_blk_cols_colmajor(%d: tensor<6x16xf64>) -> tensor<6x16xf64, #BlkColsInColMajor> {
  %s = sparse_tensor.convert %d : tensor<6x16xf64> to tensor<6x16xf64, #BlkColsInColMajor>
  return %s : tensor<6x16xf64, #BlkColsInColMajor>
}
