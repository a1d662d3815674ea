//! NumPy's and SciPy's binary files: `.npy` arrays (a dense tensor of any
//! rank) and the `.npz` archives of `scipy.sparse.save_npz` (a sparse matrix
//! in CSR, CSC or COO, or an n-dimensional COO array), read into coordinate
//! lists without parsing text, and written: a dense tensor as `.npy`, a
//! matrix as a CSR `.npz` that `scipy.sparse.load_npz` reads.
//!
//! The `.npy` format is NumPy's (`numpy.lib.format`, versions 1 to 3): a
//! magic string, a header that is a Python dictionary literal (`descr`,
//! `fortran_order`, `shape`), then the data. Element types read: booleans,
//! signed and unsigned integers, floats of 2, 4 and 8 bytes, and complex
//! numbers of 8 and 16, either byte order; each value is converted to the
//! element type read into ([`Element::convert`]), so a value the type cannot
//! hold is an error.

use crate::coordinates::{Coordinates, Listing};
use crate::element::Element;
use crate::half::F16;
use crate::io::{check_declared_shape, check_holds, IoError};
use crate::page_advice;
use crate::tensor::{LevelStorage, Tensor};
use crate::value::{Scalar, Value};
use crate::zip::{self, Archive};
use crate::{Format, LevelKind};
use std::io::{Read, Seek};
use std::path::Path;

/// Reads the dense array in the `.npy` file `path` into values of `element`:
/// every component is an entry, in row-major order.
pub fn read_npy<V: Scalar>(path: &Path, element: Element) -> Result<Coordinates<V>, IoError> {
    let fail = |problem: String| IoError::file(path.display().to_string(), problem);
    check_holds::<V>(&path.display().to_string(), element)?;
    let file = std::fs::File::open(path).map_err(|error| fail(error.to_string()))?;
    let length = file.metadata().map_err(|error| fail(error.to_string()))?.len();
    let array = Array::read(std::io::BufReader::new(file), length).map_err(fail)?;
    let (shape, fortran) = (array.shape.clone(), array.fortran);
    check_declared_shape(&shape).map_err(fail)?;
    let values = array.values(element).map_err(fail)?;
    let mut coordinates = Coordinates::with_capacity(shape.clone(), values.len());
    let mut point = vec![0; shape.len()];
    for (index, value) in values.into_iter().enumerate() {
        unravel(&shape, fortran, index, &mut point);
        coordinates.push(&point, value);
    }
    Ok(coordinates)
}

/// Writes the dense array of `shape` whose components are `values` (in
/// row-major order) to the `.npy` file `path`, in the NumPy type of
/// `element` (`bf16`, which NumPy lacks, as `float32`, exactly).
pub fn write_npy<V: Scalar>(path: &Path, shape: &[usize], values: &[V], element: Element) -> Result<(), IoError> {
    let fail = |problem: String| IoError::file(path.display().to_string(), problem);
    let bytes = npy(shape, values, element).map_err(fail)?;
    crate::io::write_file(path, |out| out.write_all(&bytes))
}

/// Reads the sparse array in the `.npz` file `path` (as
/// `scipy.sparse.save_npz` writes it) into values of `element`.
pub fn read_npz<V: Scalar>(path: &Path, element: Element) -> Result<Coordinates<V>, IoError> {
    let fail = |problem: String| IoError::file(path.display().to_string(), problem);
    check_holds::<V>(&path.display().to_string(), element)?;
    sparse(&mut archive(path).map_err(fail)?, element).map_err(fail)
}

/// Reads the sparse array in the `.npz` file `path` into a tensor of
/// `format` with `fill` and values of `element`, every entry it lists stored
/// ([`Listing::Entries`]: explicit zeros too, as SciPy keeps them). A CSR
/// archive read into a CSR format, its columns sorted and unique in every
/// row, is taken as the storage it already is: its arrays become the level
/// buffers, with no sort or assembly. Any other archive is read as
/// [`read_npz`] reads it and stored by [`Tensor::from_list`]. Members
/// are read one at a time, each straight into its buffer, never the whole
/// file at once; on Linux, the pages of each block of a buffer are mapped
/// in one system call before the block is filled.
pub fn read_npz_tensor<V: Scalar>(path: &Path, element: Element, format: &Format, fill: V) -> Result<Tensor<V>, IoError> {
    let fail = |problem: String| IoError::file(path.display().to_string(), problem);
    check_holds::<V>(&path.display().to_string(), element)?;
    let mut archive = archive(path).map_err(fail)?;
    if *format == Format::csr() {
        if let Some(tensor) = csr_storage(&mut archive, element, fill) {
            return Ok(tensor);
        }
    }
    let coordinates = sparse(&mut archive, element).map_err(fail)?;
    Tensor::from_list(format.clone(), fill, coordinates, Listing::Entries).map_err(|error| fail(error.to_string()))
}

/// The archive in the file `path`, its directory read.
fn archive(path: &Path) -> Result<Archive<std::io::BufReader<std::fs::File>>, String> {
    let file = std::fs::File::open(path).map_err(|error| error.to_string())?;
    Archive::new(std::io::BufReader::new(file)).map_err(|error| error.to_string())
}

/// The array of the member `name` of `archive`, to read; `None` when the
/// archive has no such member.
fn member<'a, S: Read + Seek>(archive: &'a mut Archive<S>, name: &str) -> Option<Result<Array<impl Read + 'a>, String>> {
    let opened = archive.member(name)?.map_err(|error| error.to_string());
    Some(opened.and_then(|(reader, size)| Array::read(reader, size)))
}

/// The CSR tensor whose buffers a `csr` archive holds, when they are a
/// valid CSR storage.
fn csr_storage<V: Scalar, S: Read + Seek>(archive: &mut Archive<S>, element: Element, fill: V) -> Option<Tensor<V>> {
    if member(archive, "format.npy")?.ok()?.text()? != "csr" {
        return None;
    }
    let shape = member(archive, "shape.npy")?.ok()?.indices("shape.npy").ok()?;
    let pointers = member(archive, "indptr.npy")?.ok()?.indices("indptr.npy").ok()?;
    let indices = member(archive, "indices.npy")?.ok()?.indices("indices.npy").ok()?;
    let values = member(archive, "data.npy")?.ok()?.values(element).ok()?;
    if shape.len() != 2 {
        return None;
    }
    let levels = vec![LevelStorage::new(LevelKind::Dense, Vec::new()), LevelStorage::new(LevelKind::Compressed, vec![pointers, indices])];
    Tensor::from_buffers(shape, Format::csr(), fill, levels, values).ok()
}

/// Writes the matrix `coordinates` to the `.npz` file `path` in CSR, as
/// `scipy.sparse.save_npz` writes a `csr_matrix`: entries in row-major
/// order, duplicates kept, values in the NumPy type of `element`, indices
/// 32-bit when they fit (as SciPy makes them) and 64-bit otherwise.
pub fn write_npz<V: Scalar>(path: &Path, coordinates: &Coordinates<V>, element: Element) -> Result<(), IoError> {
    let fail = |problem: String| IoError::file(path.display().to_string(), problem);
    let bytes = csr_archive(coordinates, element).map_err(fail)?;
    crate::io::write_file(path, |out| out.write_all(&bytes))
}

/// The type of an array's elements, from its `descr`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Dtype {
    /// `b`, `i`, `u`, `f`, `c`, or `S` and `U` for strings.
    kind: u8,
    size: usize,
    big_endian: bool,
}

/// One array of a `.npy` file: its header, and its data still to read.
struct Array<R> {
    dtype: Dtype,
    shape: Vec<usize>,
    fortran: bool,
    /// The data: `count` elements of `dtype.size` bytes, then the end.
    data: R,
    count: usize,
}

/// Data is read and converted this many bytes (at most) at a time.
const BLOCK_BYTES: usize = 1 << 16;

impl<R: Read> Array<R> {
    /// The array of the `.npy` file, `length` bytes long, that `reader`
    /// gives, with its header read.
    fn read(mut reader: R, length: u64) -> Result<Self, String> {
        let mut take = |count: usize| -> Result<Vec<u8>, String> {
            let mut bytes = Vec::with_capacity(count);
            (&mut reader).take(count as u64).read_to_end(&mut bytes).map_err(|error| error.to_string())?;
            Ok(bytes)
        };
        if take(6)? != b"\x93NUMPY" {
            return Err("not a .npy array (no \\x93NUMPY magic string)".into());
        }
        let short = || "the .npy header is cut short".to_string();
        let version = take(2)?;
        let (length_bytes, start) = match version.first().ok_or_else(short)? {
            1 => (2, 10),
            2 | 3 => (4, 12),
            version => return Err(format!(".npy version {version} is not one this reader knows (1, 2 or 3)")),
        };
        let header_length = take(length_bytes)?;
        if version.len() < 2 || header_length.len() < length_bytes {
            return Err(short());
        }
        let header_length = header_length.iter().rev().fold(0usize, |length, &byte| length << 8 | usize::from(byte));
        let header = take(header_length)?;
        if header.len() < header_length {
            return Err(short());
        }
        let header = std::str::from_utf8(&header).map_err(|_| "the .npy header is not text".to_string())?;
        let descr = string_value(header, "descr").ok_or_else(|| format!("the .npy header has no 'descr' this reader takes: {header}"))?;
        let dtype = Dtype::parse(descr)?;
        let fortran = match word_value(header, "fortran_order") {
            Some("True") => true,
            Some("False") => false,
            _ => return Err(format!("the .npy header has no 'fortran_order': {header}")),
        };
        let shape = shape_value(header).ok_or_else(|| format!("the .npy header has no 'shape' this reader takes: {header}"))?;
        let count = shape.iter().try_fold(1usize, |count, &size| count.checked_mul(size));
        let counted = count.and_then(|count| Some((count, count.checked_mul(dtype.size)?)));
        let data = length.saturating_sub((start + header_length) as u64);
        match counted {
            Some((count, needed)) if needed as u64 == data => Ok(Self { dtype, shape, fortran, data: reader, count }),
            Some((_, needed)) => Err(format!("the .npy data has {data} bytes, but shape {shape:?} of {descr} needs {needed}")),
            None => Err(format!("the .npy shape {shape:?} is too large")),
        }
    }

    /// Calls `visit` with the data, a block of whole elements at a time,
    /// then reads to the end (where an archive's member is checked).
    fn for_each_block(mut self, mut visit: impl FnMut(&[u8]) -> Result<(), String>) -> Result<(), String> {
        let size = self.dtype.size.max(1);
        let mut left = self.count * self.dtype.size;
        let mut block = vec![0; (BLOCK_BYTES / size * size).max(size).min(left)];
        while left > 0 {
            let part = left.min(block.len());
            self.data.read_exact(&mut block[..part]).map_err(|error| error.to_string())?;
            visit(&block[..part])?;
            left -= part;
        }
        match self.data.read(&mut [0]) {
            Ok(0) => Ok(()),
            Ok(_) => Err("the .npy data is longer than its shape".into()),
            Err(error) => Err(error.to_string()),
        }
    }

    /// An empty vector with room for the array's elements: an error, not an
    /// abort, when the size a file declares cannot be allocated (a deflated
    /// member's size is whatever its directory entry says).
    fn buffer<T>(&self) -> Result<Vec<T>, String> {
        let mut buffer = Vec::new();
        match buffer.try_reserve_exact(self.count) {
            Ok(()) => Ok(buffer),
            Err(_) => Err(format!("the .npy array's {} elements cannot be allocated", self.count)),
        }
    }

    /// The values, in storage order, as `element` holds them.
    fn values<V: Scalar>(self, element: Element) -> Result<Vec<V>, String> {
        let (dtype, mut values) = (self.dtype, self.buffer()?);
        let native = Dtype { kind: b'f', size: 8, big_endian: cfg!(target_endian = "big") };
        if dtype == native && element == Element::F64 {
            // The common case, without a conversion per value.
            self.for_each_block(|bytes| {
                page_advice::map_ahead(&mut values, bytes.len() / 8);
                let reals = bytes.chunks_exact(8).map(|bytes| f64::from_ne_bytes(bytes.try_into().expect("8 bytes")));
                values.extend(reals.map(|real| V::from_value(Value::Real(real))));
                Ok(())
            })?;
            return Ok(values);
        }
        self.for_each_block(|bytes| {
            page_advice::map_ahead(&mut values, bytes.len() / dtype.size.max(1));
            for bytes in bytes.chunks_exact(dtype.size.max(1)) {
                values.push(element.convert(dtype.value(bytes)?).map(V::from_value).map_err(|error| error.to_string())?);
            }
            Ok(())
        })?;
        Ok(values)
    }

    /// The values as nonnegative integers (an index array).
    fn indices(self, what: &str) -> Result<Vec<usize>, String> {
        let dtype = self.dtype;
        if !matches!(dtype.kind, b'i' | b'u') {
            return Err(format!("{what} has elements of kind '{}', not integers", dtype.kind as char));
        }
        let no_index = |index: i64| format!("{what} holds {index}, which is no index");
        let native = dtype.kind == b'i' && dtype.big_endian == cfg!(target_endian = "big");
        let mut indices: Vec<usize> = self.buffer()?;
        self.for_each_block(|bytes| {
            page_advice::map_ahead(&mut indices, bytes.len() / dtype.size);
            let (start, elements) = (indices.len(), bytes.chunks_exact(dtype.size));
            match (native, dtype.size) {
                // SciPy's index types, widened a block at a time with no
                // check per element: a negative one wraps above the
                // largest `i64`, which the block's check finds.
                (true, 4) => {
                    indices.extend(elements.map(|bytes| i64::from(i32::from_ne_bytes(bytes.try_into().expect("4 bytes"))) as usize))
                }
                (true, 8) => indices.extend(elements.map(|bytes| i64::from_ne_bytes(bytes.try_into().expect("8 bytes")) as usize)),
                _ => {
                    for bytes in elements {
                        match dtype.value(bytes)? {
                            Value::Integer(value) => indices.push(usize::try_from(value).map_err(|_| no_index(value))?),
                            value => return Err(format!("{what} holds {value}, which is no index")),
                        }
                    }
                }
            }
            match indices[start..].iter().find(|&&index| index > i64::MAX as usize) {
                Some(&negative) => Err(no_index(negative as i64)),
                None => Ok(()),
            }
        })?;
        Ok(indices)
    }

    /// The array's text: a 0-d array of bytes (`S`) or of characters (`U`).
    fn text(self) -> Option<String> {
        let dtype = self.dtype;
        let mut data = Vec::new();
        self.for_each_block(|bytes| {
            data.extend_from_slice(bytes);
            Ok(())
        })
        .ok()?;
        match dtype.kind {
            b'S' => Some(String::from_utf8_lossy(&data).trim_end_matches('\0').to_string()),
            b'U' => {
                let characters = data.chunks_exact(4).map(|bytes| {
                    let bytes: [u8; 4] = bytes.try_into().expect("4 bytes");
                    char::from_u32(if dtype.big_endian { u32::from_be_bytes(bytes) } else { u32::from_le_bytes(bytes) })
                });
                characters.collect::<Option<String>>().map(|text| text.trim_end_matches('\0').to_string())
            }
            _ => None,
        }
    }
}

/// The coordinates (in dimension order) of the component stored at
/// `index` of an array of `shape`: row-major, or column-major when
/// `fortran`.
fn unravel(shape: &[usize], fortran: bool, mut index: usize, point: &mut [usize]) {
    let dims: Vec<usize> = if fortran { (0..shape.len()).collect() } else { (0..shape.len()).rev().collect() };
    for dim in dims {
        point[dim] = index % shape[dim];
        index /= shape[dim];
    }
}

impl Dtype {
    /// `descr` as a type: a byte order (`<`, `>`, `|` or `=`), a kind and a
    /// size in bytes (characters for `U`).
    fn parse(descr: &str) -> Result<Self, String> {
        let unsupported = || format!("the .npy element type '{descr}' is not one this reader takes");
        let mut characters = descr.chars();
        let order = characters.next().ok_or_else(unsupported)?;
        let kind = characters.next().filter(char::is_ascii).ok_or_else(unsupported)? as u8;
        let size: usize = characters.as_str().parse().map_err(|_| unsupported())?;
        let big_endian = match order {
            '>' => true,
            '<' | '|' => false,
            '=' => cfg!(target_endian = "big"),
            _ => return Err(unsupported()),
        };
        let known = match kind {
            b'b' => size == 1,
            b'i' | b'u' => matches!(size, 1 | 2 | 4 | 8),
            b'f' => matches!(size, 2 | 4 | 8),
            b'c' => matches!(size, 8 | 16),
            // A string of no characters would bound no count by the data.
            b'S' => size > 0,
            b'U' => size > 0 && size.checked_mul(4).is_some(),
            _ => false,
        };
        if !known {
            return Err(unsupported());
        }
        Ok(Self { kind, size: if kind == b'U' { size * 4 } else { size }, big_endian })
    }

    /// The value of one element, `bytes` long.
    fn value(&self, bytes: &[u8]) -> Result<Value, String> {
        let mut word = [0u8; 8];
        let part = |word: &mut [u8; 8], bytes: &[u8]| {
            // The bytes as the low bytes of a little-endian word.
            word.fill(0);
            if self.big_endian {
                bytes.iter().rev().zip(word.iter_mut()).for_each(|(&byte, slot)| *slot = byte);
            } else {
                word[..bytes.len()].copy_from_slice(bytes);
            }
            u64::from_le_bytes(*word)
        };
        let real = |word: &mut [u8; 8], bytes: &[u8]| {
            let bits = part(word, bytes);
            match bytes.len() {
                2 => F16.to_f64(bits as u16),
                4 => f64::from(f32::from_bits(bits as u32)),
                _ => f64::from_bits(bits),
            }
        };
        Ok(match self.kind {
            b'b' => Value::Integer(i64::from(bytes[0] != 0)),
            b'i' => {
                let shift = 64 - 8 * self.size as u32;
                Value::Integer(((part(&mut word, bytes) << shift) as i64) >> shift)
            }
            b'u' => {
                let value = part(&mut word, bytes);
                Value::Integer(i64::try_from(value).map_err(|_| format!("the unsigned value {value} does not fit 64-bit signed integers"))?)
            }
            b'f' => Value::Real(real(&mut word, bytes)),
            b'c' => {
                let half = bytes.len() / 2;
                Value::Complex(real(&mut word, &bytes[..half]), real(&mut word, &bytes[half..]))
            }
            kind => return Err(format!("elements of kind '{}' are text, not numbers", kind as char)),
        })
    }
}

/// The text of the string literal after `'key':` in a header dictionary.
fn string_value<'h>(header: &'h str, key: &str) -> Option<&'h str> {
    let rest = after_key(header, key)?.strip_prefix(['\'', '"'])?;
    rest.split(['\'', '"']).next()
}

/// The word (`True`, `False`) after `'key':` in a header dictionary.
fn word_value<'h>(header: &'h str, key: &str) -> Option<&'h str> {
    after_key(header, key)?.split([',', '}', ' ']).next()
}

/// The tuple of sizes after `'shape':` in a header dictionary.
fn shape_value(header: &str) -> Option<Vec<usize>> {
    let tuple = after_key(header, "shape")?.strip_prefix('(')?;
    let tuple = &tuple[..tuple.find(')')?];
    tuple.split(',').map(str::trim).filter(|size| !size.is_empty()).map(|size| size.trim_end_matches('L').parse().ok()).collect()
}

/// The header after `'key':` and blanks.
fn after_key<'h>(header: &'h str, key: &str) -> Option<&'h str> {
    let at = header.find(&format!("'{key}'")).or_else(|| header.find(&format!("\"{key}\"")))?;
    Some(header[at + key.len() + 2..].trim_start().strip_prefix(':')?.trim_start())
}

/// The sparse array the members of a `save_npz` archive hold.
fn sparse<V: Scalar, S: Read + Seek>(archive: &mut Archive<S>, element: Element) -> Result<Coordinates<V>, String> {
    let names: Vec<String> = archive.names().map(str::to_string).collect();
    let format = required(archive, "format")?.text().ok_or("format.npy holds no text")?;
    let shape = required(archive, "shape")?.indices("shape.npy")?;
    check_declared_shape(&shape).map_err(|problem| format!("shape.npy: {problem}"))?;
    let values = required(archive, "data")?.values(element).map_err(|problem| format!("data.npy: {problem}"))?;
    let mut coordinates = Coordinates::new(shape.clone());
    match format.as_str() {
        "csr" | "csc" => {
            let &[rows, columns] = shape.as_slice() else {
                return Err(format!("a {format} array has 2 dimensions, but shape.npy has {}", shape.len()));
            };
            let pointers = required(archive, "indptr")?.indices("indptr.npy")?;
            let indices = required(archive, "indices")?.indices("indices.npy")?;
            let (outer, inner) = if format == "csr" { (rows, 0) } else { (columns, 1) };
            if pointers.len() != outer + 1 || pointers[0] != 0 || pointers.windows(2).any(|pair| pair[0] > pair[1]) {
                return Err(format!("indptr.npy is not {} nondecreasing offsets from 0", outer + 1));
            }
            if indices.len() != values.len() || pointers[outer] != values.len() {
                return Err(format!(
                    "indptr.npy ends at {}, indices.npy has {} entries and data.npy {}: they must agree",
                    pointers[outer],
                    indices.len(),
                    values.len()
                ));
            }
            coordinates.columns[1 - inner] = indices;
            coordinates.columns[inner] =
                (0..outer).flat_map(|slice| std::iter::repeat_n(slice, pointers[slice + 1] - pointers[slice])).collect();
        }
        "coo" => {
            coordinates.columns = if names.iter().any(|name| name == "coords.npy") {
                let coords = required(archive, "coords")?;
                let (coords_shape, fortran) = (coords.shape.clone(), coords.fortran);
                let all = coords.indices("coords.npy")?;
                if coords_shape.len() != 2 || coords_shape[0] != shape.len() || coords_shape[1] != values.len() || fortran {
                    return Err(format!("coords.npy has shape {coords_shape:?}, not ({}, {}) in C order", shape.len(), values.len()));
                }
                match values.len() {
                    // No entries: each dimension's row of coordinates is empty.
                    0 => vec![Vec::new(); shape.len()],
                    count => all.chunks(count).map(<[usize]>::to_vec).collect(),
                }
            } else {
                let rows = required(archive, "row")?.indices("row.npy")?;
                vec![rows, required(archive, "col")?.indices("col.npy")?]
            };
            if coordinates.columns.len() != shape.len() || coordinates.columns.iter().any(|column| column.len() != values.len()) {
                return Err(format!("a coo array of shape {shape:?} needs one coordinate per entry in each of its dimensions"));
            }
        }
        other => return Err(format!("scipy.sparse format '{other}' is not read (csr, csc and coo are)")),
    }
    coordinates.values = values;
    coordinates.check().map_err(|error| error.to_string())?;
    Ok(coordinates)
}

/// The array `name`.npy of a `save_npz` archive, which it must have.
fn required<'a, S: Read + Seek>(archive: &'a mut Archive<S>, name: &str) -> Result<Array<impl Read + 'a>, String> {
    let file = format!("{name}.npy");
    let names = archive.names().collect::<Vec<_>>().join(", ");
    let missing = format!("the archive has no '{file}', so it is no sparse array of scipy.sparse.save_npz (members: {names})");
    member(archive, &file).ok_or(missing)?.map_err(|problem| format!("{file}: {problem}"))
}

/// The NumPy `descr` of `element`, and the element that encodes it.
fn descr(element: Element) -> (&'static str, Element) {
    let little = cfg!(target_endian = "little");
    let (descr_little, descr_big) = match element {
        Element::F64 => ("<f8", ">f8"),
        Element::F32 | Element::BF16 => ("<f4", ">f4"),
        Element::F16 => ("<f2", ">f2"),
        Element::I64 | Element::Index => ("<i8", ">i8"),
        Element::I32 => ("<i4", ">i4"),
        Element::I16 => ("<i2", ">i2"),
        Element::I8 => ("|i1", "|i1"),
        Element::I1 => ("|b1", "|b1"),
        Element::Complex64 => ("<c16", ">c16"),
        Element::Complex32 => ("<c8", ">c8"),
    };
    let encoded = if element == Element::BF16 { Element::F32 } else { element };
    (if little { descr_little } else { descr_big }, encoded)
}

/// A `.npy` file (version 1) of `shape` holding `values` as `element`.
fn npy<V: Scalar>(shape: &[usize], values: &[V], element: Element) -> Result<Vec<u8>, String> {
    let (descr, encoded) = descr(element);
    let sizes: Vec<String> = shape.iter().map(usize::to_string).collect();
    let tuple = if shape.len() == 1 { format!("({},)", sizes[0]) } else { format!("({})", sizes.join(", ")) };
    let mut header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': {tuple}, }}");
    // Spaces, then a line end, to a multiple of 64 bytes with the 10 before.
    let padded = (10 + header.len() + 1).div_ceil(64) * 64 - 10;
    header.extend(std::iter::repeat_n(' ', padded - header.len() - 1));
    header.push('\n');
    let length = u16::try_from(header.len()).map_err(|_| "the .npy header is too long for version 1".to_string())?;
    let mut bytes = Vec::with_capacity(10 + header.len() + values.len() * encoded.size());
    bytes.extend(b"\x93NUMPY\x01\x00");
    bytes.extend(length.to_le_bytes());
    bytes.extend(header.as_bytes());
    for &value in values {
        encoded.encode(element.convert(value.value()).map_err(|error| error.to_string())?, &mut bytes);
    }
    Ok(bytes)
}

/// The `save_npz` archive of the matrix `coordinates` in CSR.
fn csr_archive<V: Scalar>(coordinates: &Coordinates<V>, element: Element) -> Result<Vec<u8>, String> {
    let &[rows, columns] = coordinates.shape.as_slice() else {
        return Err(format!(
            "a .npz file holds a sparse matrix, but the tensor has rank {}; write a .npy or .tns file",
            coordinates.shape.len()
        ));
    };
    coordinates.check().map_err(|error| error.to_string())?;
    let order = coordinates.sorted_order();
    let mut pointers = vec![0usize; rows + 1];
    for &row in &coordinates.columns[0] {
        pointers[row + 1] += 1;
    }
    for row in 0..rows {
        pointers[row + 1] += pointers[row];
    }
    let indices: Vec<usize> = order.iter().map(|&entry| coordinates.columns[1][entry]).collect();
    let values: Vec<V> = order.iter().map(|&entry| coordinates.values[entry]).collect();
    let wide = pointers[rows] > i32::MAX as usize || columns > i32::MAX as usize;
    let index_array = |numbers: &[usize]| -> Result<Vec<u8>, String> {
        if wide {
            npy(&[numbers.len()], &numbers.iter().map(|&n| Value::Integer(n as i64)).collect::<Vec<_>>(), Element::I64)
        } else {
            npy(&[numbers.len()], &numbers.iter().map(|&n| Value::Integer(n as i64)).collect::<Vec<_>>(), Element::I32)
        }
    };
    let format = {
        let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
        let header = format!("{:<53}\n", "{'descr': '|S3', 'fortran_order': False, 'shape': (), }");
        bytes.extend((header.len() as u16).to_le_bytes());
        bytes.extend(header.as_bytes());
        bytes.extend(b"csr");
        bytes
    };
    let shape = [Value::Integer(rows as i64), Value::Integer(columns as i64)];
    Ok(zip::archive(&[
        ("indices.npy", index_array(&indices)?),
        ("indptr.npy", index_array(&pointers)?),
        ("format.npy", format),
        ("shape.npy", npy(&[2], &shape, Element::I64)?),
        ("data.npy", npy(&[values.len()], &values, element)?),
    ]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::io::testing::temp_path;
    use std::io::Cursor;

    /// The array of the `.npy` file `bytes`.
    fn parsed(bytes: &[u8]) -> Result<Array<&[u8]>, String> {
        Array::read(bytes, bytes.len() as u64)
    }

    /// An archive of `members`, to read.
    fn archive_of(members: &[(String, Vec<u8>)]) -> Archive<Cursor<Vec<u8>>> {
        let members: Vec<(&str, Vec<u8>)> = members.iter().map(|(name, bytes)| (name.as_str(), bytes.clone())).collect();
        Archive::new(Cursor::new(zip::archive(&members))).unwrap()
    }

    /// Every member of the archive `bytes`, read whole.
    fn members_of(bytes: Vec<u8>) -> Vec<(String, Vec<u8>)> {
        let mut archive = Archive::new(Cursor::new(bytes)).unwrap();
        let names: Vec<String> = archive.names().map(str::to_string).collect();
        let mut read = |name: &str| {
            let mut contents = Vec::new();
            archive.member(name).unwrap().unwrap().0.read_to_end(&mut contents).unwrap();
            contents
        };
        names.iter().map(|name| (name.clone(), read(name))).collect()
    }

    #[test]
    fn npy_headers_and_element_types_read() {
        assert_eq!(Dtype::parse("<f8"), Ok(Dtype { kind: b'f', size: 8, big_endian: false }));
        assert_eq!(Dtype::parse(">i2"), Ok(Dtype { kind: b'i', size: 2, big_endian: true }));
        assert_eq!(Dtype::parse("<U3"), Ok(Dtype { kind: b'U', size: 12, big_endian: false }));
        assert!(Dtype::parse("<f16").is_err() && Dtype::parse("<M8").is_err() && Dtype::parse("").is_err());
        // Elements of no bytes: the data's length would not bound the count.
        assert!(Dtype::parse("|S0").is_err() && Dtype::parse("<U0").is_err());
        let header = "{'descr': '<i4', 'fortran_order': True, 'shape': (2, 3), }";
        assert_eq!((string_value(header, "descr"), word_value(header, "fortran_order")), (Some("<i4"), Some("True")));
        assert_eq!(shape_value(header), Some(vec![2, 3]));
        assert_eq!(shape_value("{'shape': (), }"), Some(vec![]));
        assert_eq!(shape_value("{'shape': (7,), }"), Some(vec![7]));
        let big = Dtype { kind: b'i', size: 2, big_endian: true };
        assert_eq!(big.value(&[0xFF, 0xFE]), Ok(Value::Integer(-2)));
        let complex = Dtype { kind: b'c', size: 8, big_endian: false };
        let bytes: Vec<u8> = [1.5f32.to_le_bytes(), (-2.0f32).to_le_bytes()].concat();
        assert_eq!(complex.value(&bytes), Ok(Value::Complex(1.5, -2.0)));
        let unsigned = Dtype { kind: b'u', size: 8, big_endian: false };
        assert!(unsigned.value(&u64::MAX.to_le_bytes()).is_err());
    }

    #[test]
    fn npy_files_round_trip_in_every_element_type_and_fortran_order_reads_by_columns() {
        let values = [1.0, -2.0, 0.0, 4.0, 5.0, 0.5];
        for element in [Element::F64, Element::F32, Element::F16, Element::BF16, Element::Complex64, Element::Complex32] {
            let bytes = npy(&[2, 3], &values, element).unwrap();
            assert_eq!(bytes.len() % 64, (6 * descr(element).1.size()) % 64, "the header ends on 64 bytes");
            let array = parsed(&bytes).unwrap();
            let read: Vec<f64> = array.values::<Value>(element).unwrap().iter().map(|value| value.real()).collect();
            assert_eq!(read, values, "{element:?}");
        }
        let integers = npy(&[3], &[Value::Integer(-3), Value::Integer(0), Value::Integer(100)], Element::I8).unwrap();
        assert_eq!(
            parsed(&integers).unwrap().values::<Value>(Element::I64).unwrap(),
            [Value::Integer(-3), Value::Integer(0), Value::Integer(100)]
        );
        let mut fortran = npy(&[2, 3], &values, Element::F64).unwrap();
        let header = String::from_utf8_lossy(&fortran[10..]).find("False").unwrap() + 10;
        fortran.splice(header..header + 5, b"True ".iter().copied());
        let path = temp_path("npy");
        std::fs::write(&path, &fortran).unwrap();
        let read = read_npy::<f64>(&path, Element::F64).unwrap();
        std::fs::remove_file(&path).unwrap();
        assert_eq!(read.columns, [vec![0, 1, 0, 1, 0, 1], vec![0, 0, 1, 1, 2, 2]]);
    }

    #[test]
    fn broken_npy_files_are_errors_that_say_why() {
        let message = |bytes: &[u8]| parsed(bytes).err().unwrap();
        assert_eq!(message(b"PK\x03\x04"), "not a .npy array (no \\x93NUMPY magic string)");
        let good = npy(&[2], &[1.0, 2.0], Element::F64).unwrap();
        assert_eq!(message(&good[..good.len() - 1]), "the .npy data has 15 bytes, but shape [2] of <f8 needs 16");
        assert_eq!(message(&good[..20]), "the .npy header is cut short");
        let mut dates = npy(&[1], &[1.0], Element::F64).unwrap();
        let at = dates.windows(3).position(|bytes| bytes == b"<f8").unwrap();
        dates[at + 1] = b'M';
        assert_eq!(message(&dates), "the .npy element type '<M8' is not one this reader takes");
        let bytes = npy(&[2], &[1.0, 2.0], Element::F64).unwrap();
        let array = parsed(&bytes).unwrap();
        assert_eq!(array.values::<Value>(Element::I1).unwrap_err(), "2 is outside the range 0..=1 of i1");
        assert_eq!(message(b"\x93NUMPY\x09\x00"), ".npy version 9 is not one this reader knows (1, 2 or 3)");
        assert_eq!(message(b"\x93NUMPY\x01"), "the .npy header is cut short");
        // A size no memory holds, declared by a file that does not hold it
        // either (as a deflated member's directory entry may declare).
        let huge = |descr: &str| {
            let header = format!("{{'descr': '{descr}', 'fortran_order': False, 'shape': ({},), }}\n", 1u64 << 60);
            let bytes = [b"\x93NUMPY\x01\x00".as_slice(), &(header.len() as u16).to_le_bytes(), header.as_bytes()].concat();
            (bytes, (10 + header.len()) as u64 + (1u64 << 63))
        };
        let unallocatable = format!("the .npy array's {} elements cannot be allocated", 1u64 << 60);
        let (reals, length) = huge("<f8");
        assert_eq!(Array::read(reals.as_slice(), length).unwrap().values::<f64>(Element::F64).unwrap_err(), unallocatable);
        let (integers, length) = huge("<i8");
        assert_eq!(Array::read(integers.as_slice(), length).unwrap().indices("indices.npy").unwrap_err(), unallocatable);
        // No components, but a size no kernel can index (found by fuzzing:
        // read, then refused when stored).
        let path = temp_path("npy");
        let header = format!("{{'descr': '<f8', 'fortran_order': False, 'shape': (0, {}), }}\n", 1u64 << 63);
        let bytes = [b"\x93NUMPY\x01\x00".as_slice(), &(header.len() as u16).to_le_bytes(), header.as_bytes()].concat();
        std::fs::write(&path, bytes).unwrap();
        let error = read_npy::<f64>(&path, Element::F64).unwrap_err().to_string();
        std::fs::remove_file(&path).unwrap();
        assert!(
            error.ends_with(
                "dimension 1's size 9223372036854775808 is more than 9223372036854775807, \
                 the largest size a kernel's signed 64-bit index holds"
            ),
            "{error}"
        );
    }

    #[test]
    fn csr_archives_round_trip_and_every_sparse_format_reads() {
        let matrix = Coordinates::from_entries(vec![3, 4], vec![(vec![2, 1], 1.5), (vec![0, 3], -2.0), (vec![2, 0], 4.0)]).unwrap();
        let archive = csr_archive(&matrix, Element::F64).unwrap();
        let read = sparse(&mut Archive::new(Cursor::new(archive)).unwrap(), Element::F64).unwrap();
        assert_eq!(read.entries(), [(vec![0, 3], Value::Real(-2.0)), (vec![2, 0], Value::Real(4.0)), (vec![2, 1], Value::Real(1.5))]);
        // The same matrix by columns (CSC) and as COO, built from members.
        let array =
            |values: &[i64]| npy(&[values.len()], &values.iter().map(|&v| Value::Integer(v)).collect::<Vec<_>>(), Element::I64).unwrap();
        let text = |format: &str| {
            let mut bytes = b"\x93NUMPY\x01\x00".to_vec();
            let header = format!("{:<53}\n", format!("{{'descr': '|S{}', 'fortran_order': False, 'shape': (), }}", format.len()));
            bytes.extend((header.len() as u16).to_le_bytes());
            bytes.extend(header.as_bytes());
            bytes.extend(format.as_bytes());
            bytes
        };
        let data = npy(&[3], &[4.0, 1.5, -2.0], Element::F64).unwrap();
        let common = |format: &str| {
            vec![
                ("format.npy".to_string(), text(format)),
                ("shape.npy".to_string(), array(&[3, 4])),
                ("data.npy".to_string(), data.clone()),
            ]
        };
        let mut csc = common("csc");
        csc.extend([("indices.npy".to_string(), array(&[2, 2, 0])), ("indptr.npy".to_string(), array(&[0, 1, 2, 2, 3]))]);
        let mut coo = common("coo");
        coo.extend([("row.npy".to_string(), array(&[2, 2, 0])), ("col.npy".to_string(), array(&[0, 1, 3]))]);
        let mut coords = common("coo");
        coords.push(("coords.npy".to_string(), npy(&[2, 3], &[2, 2, 0, 0, 1, 3].map(Value::Integer), Element::I64).unwrap()));
        let empty = [
            ("format.npy".to_string(), text("coo")),
            ("shape.npy".to_string(), array(&[2, 3, 4])),
            ("data.npy".to_string(), npy(&[0], &[0.0; 0], Element::F64).unwrap()),
            ("coords.npy".to_string(), npy(&[3, 0], &[0.0; 0], Element::I64).unwrap()),
        ];
        assert_eq!(sparse::<f64, _>(&mut archive_of(&empty), Element::F64).unwrap(), Coordinates::new(vec![2, 3, 4]));
        for members in [csc, coo, coords] {
            let mut entries = sparse(&mut archive_of(&members), Element::F64).unwrap().entries();
            entries.sort_by(|a, b| a.0.cmp(&b.0));
            assert_eq!(entries, read.entries());
        }
    }

    #[test]
    fn csr_archives_are_taken_as_csr_storage_when_they_are_one() {
        let matrix = Coordinates::from_entries(vec![3, 4], vec![(vec![2, 1], 1.5), (vec![0, 3], -2.0), (vec![2, 0], 4.0)]).unwrap();
        let path = temp_path("npz");
        std::fs::write(&path, csr_archive(&matrix, Element::F64).unwrap()).unwrap();
        let zero = Value::Real(0.0);
        let direct = read_npz_tensor(&path, Element::F64, &Format::csr(), zero).unwrap();
        let expected = Tensor::from_coordinates(Format::csr(), zero, matrix.to_element(Element::F64).unwrap()).unwrap();
        assert_eq!(direct, expected);
        // Another format: through coordinates.
        let csc = read_npz_tensor(&path, Element::F64, &Format::csc(), zero).unwrap();
        assert_eq!(csc.entries().len(), 3);
        // A listed entry equal to the fill is stored, as SciPy stores it,
        // whether the archive is taken as it is or through coordinates.
        let four = read_npz_tensor(&path, Element::F64, &Format::csr(), Value::Real(4.0)).unwrap();
        assert_eq!(four.values, [Value::Real(-2.0), Value::Real(4.0), Value::Real(1.5)]);
        let four_csc = read_npz_tensor(&path, Element::F64, &Format::csc(), Value::Real(4.0)).unwrap();
        assert_eq!(four_csc.values, [Value::Real(4.0), Value::Real(1.5), Value::Real(-2.0)]);
        // Columns out of order in a row: not a storage, so sorted on the way.
        let mut members = members_of(csr_archive(&matrix, Element::F64).unwrap());
        assert!(csr_storage(&mut archive_of(&members), Element::F64, zero).is_some());
        let unsorted = npy(&[3], &[3, 1, 0].map(Value::Integer), Element::I32).unwrap();
        members.iter_mut().find(|(name, _)| name == "indices.npy").unwrap().1 = unsorted;
        assert!(csr_storage(&mut archive_of(&members), Element::F64, zero).is_none());
        std::fs::remove_file(&path).unwrap();
    }

    #[test]
    fn inconsistent_sparse_archives_are_errors() {
        let matrix = Coordinates::from_entries(vec![2, 2], vec![(vec![1, 1], 1.0)]).unwrap();
        let mut members = members_of(csr_archive(&matrix, Element::F64).unwrap());
        let pointers = npy(&[3], &[0, 1, 0].map(Value::Integer), Element::I32).unwrap();
        members.iter_mut().find(|(name, _)| name == "indptr.npy").unwrap().1 = pointers;
        let error = sparse::<f64, _>(&mut archive_of(&members), Element::F64).unwrap_err();
        assert_eq!(error, "indptr.npy is not 3 nondecreasing offsets from 0");
        // A member cut short, and one whose bytes changed: their reading fails.
        let short = members.iter().map(|(name, bytes)| (name.clone(), bytes[..bytes.len() - usize::from(name == "data.npy")].to_vec()));
        let error = sparse::<f64, _>(&mut archive_of(&short.collect::<Vec<_>>()), Element::F64).unwrap_err();
        assert_eq!(error, "data.npy: the .npy data has 7 bytes, but shape [1] of <f8 needs 8");
        let mut bytes = zip::archive(&members.iter().map(|(name, bytes)| (name.as_str(), bytes.clone())).collect::<Vec<_>>());
        // The matrix's one value, 1.0, in data.npy.
        let data = bytes.windows(8).position(|window| window == 1.0f64.to_le_bytes()).unwrap();
        bytes[data] ^= 1;
        assert!(sparse::<f64, _>(&mut Archive::new(Cursor::new(bytes)).unwrap(), Element::F64).unwrap_err().contains("CRC-32"));
        // Negative indices, 32-bit and 64-bit.
        for element in [Element::I32, Element::I64] {
            let mut negative = members_of(csr_archive(&matrix, Element::F64).unwrap());
            let indices = npy(&[1], &[Value::Integer(-1)], element).unwrap();
            negative.iter_mut().find(|(name, _)| name == "indices.npy").unwrap().1 = indices;
            let error = sparse::<f64, _>(&mut archive_of(&negative), Element::F64).unwrap_err();
            assert_eq!(error, "indices.npy holds -1, which is no index");
        }
        members.retain(|(name, _)| name != "format.npy");
        let error = sparse::<f64, _>(&mut archive_of(&members), Element::F64).unwrap_err();
        assert!(error.starts_with("the archive has no 'format.npy'"));
        let outside = Coordinates::from_entries(vec![1, 2], vec![(vec![0, 5], 1.0)]).unwrap();
        assert_eq!(csr_archive(&outside, Element::F64).unwrap_err(), "entry 0: coordinate 5 of dimension 1 is outside 0..2");
        let vector = Coordinates::from_entries(vec![2], vec![(vec![1], 1.0)]).unwrap();
        assert!(csr_archive(&vector, Element::F64).unwrap_err().contains("rank 1"));
    }
}
