//! ZIP archives as NumPy's `.npz` files use them: reading the members of an
//! archive (stored or deflated, with ZIP64 sizes and offsets, as NumPy
//! writes them) one at a time, as a stream checked against its CRC-32 at
//! its end, so an archive is never in memory whole; and writing members
//! stored, uncompressed, with ZIP64 records where sizes or offsets need them.
//! The format is PKWARE's APPNOTE; nothing else of it (encryption, archives
//! split over disks, other compression methods) is read.

use flate2::read::DeflateDecoder;
use flate2::Crc;
use std::io::{Read, Seek, SeekFrom};

/// Why an archive cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ZipError {
    #[error("not a ZIP archive (no end of central directory record)")]
    NotZip,
    #[error("the ZIP archive is cut short or its directory points outside it")]
    Truncated,
    #[error("ZIP member '{name}' uses compression method {method}; only stored (0) and deflated (8) members are read")]
    Method { name: String, method: u16 },
    #[error("ZIP member '{name}' is encrypted")]
    Encrypted { name: String },
    #[error("ZIP member '{name}' does not inflate: {reason}")]
    Inflate { name: String, reason: String },
    #[error("ZIP member '{name}' fails its CRC-32 check")]
    Crc { name: String },
    #[error("ZIP member '{name}' is stored uncompressed, but its directory entry says {size} bytes in {stored}")]
    StoredSize { name: String, size: u64, stored: u64 },
    #[error("{0}")]
    Io(String),
}

/// An I/O error as a ZIP error: the one a member's reader gave, a read
/// past the end as a cut archive, others as they are.
impl From<std::io::Error> for ZipError {
    fn from(error: std::io::Error) -> Self {
        if let Some(zip) = error.get_ref().and_then(|inner| inner.downcast_ref::<ZipError>()) {
            return zip.clone();
        }
        match error.kind() {
            std::io::ErrorKind::UnexpectedEof => ZipError::Truncated,
            _ => ZipError::Io(error.to_string()),
        }
    }
}

/// One member of an archive, where it is.
struct Member {
    name: String,
    method: u16,
    flags: u16,
    crc: u32,
    compressed: u64,
    size: u64,
    header: u64,
}

/// An archive read from `source`, its directory read when it is opened and
/// each member when it is asked for.
pub(crate) struct Archive<S> {
    source: S,
    members: Vec<Member>,
}

impl<S: Read + Seek> Archive<S> {
    /// The archive `source` holds, with its directory read.
    pub(crate) fn new(mut source: S) -> Result<Self, ZipError> {
        let members = directory(&mut source)?;
        Ok(Self { source, members })
    }

    /// The names of the members, in directory order.
    pub(crate) fn names(&self) -> impl Iterator<Item = &str> {
        self.members.iter().map(|member| member.name.as_str())
    }

    /// The member `name` (the first of that name), as a reader of its
    /// uncompressed bytes and their count, or `None` if there is none. The
    /// reader fails when its end does not match the size and CRC-32 the
    /// directory records.
    pub(crate) fn member(&mut self, name: &str) -> Option<Result<(impl Read + '_, u64), ZipError>> {
        let member = self.members.iter().find(|member| member.name == name)?;
        Some(contents(&mut self.source, member).map(|reader| (reader, member.size)))
    }
}

/// Little-endian integers at offsets of a byte slice, `None` past its end.
trait Fields {
    fn u16_at(&self, at: usize) -> Option<u16>;
    fn u32_at(&self, at: usize) -> Option<u32>;
    fn u64_at(&self, at: usize) -> Option<u64>;
}

impl Fields for [u8] {
    fn u16_at(&self, at: usize) -> Option<u16> {
        Some(u16::from_le_bytes(self.get(at..at.checked_add(2)?)?.try_into().ok()?))
    }

    fn u32_at(&self, at: usize) -> Option<u32> {
        Some(u32::from_le_bytes(self.get(at..at.checked_add(4)?)?.try_into().ok()?))
    }

    fn u64_at(&self, at: usize) -> Option<u64> {
        Some(u64::from_le_bytes(self.get(at..at.checked_add(8)?)?.try_into().ok()?))
    }
}

const END: u32 = 0x0605_4b50;
const END64: u32 = 0x0606_4b50;
const END64_LOCATOR: u32 = 0x0706_4b50;
const CENTRAL: u32 = 0x0201_4b50;
const LOCAL: u32 = 0x0403_4b50;

/// `length` bytes of `source` from `at`, or [`ZipError::Truncated`] if it
/// has fewer.
fn bytes_at(source: &mut (impl Read + Seek), at: u64, length: u64, total: u64) -> Result<Vec<u8>, ZipError> {
    if at.checked_add(length).is_none_or(|end| end > total) {
        return Err(ZipError::Truncated);
    }
    let mut bytes = vec![0; usize::try_from(length).map_err(|_| ZipError::Truncated)?];
    source.seek(SeekFrom::Start(at))?;
    source.read_exact(&mut bytes)?;
    Ok(bytes)
}

/// The central directory of the archive in `source`, found from its end
/// record (and the ZIP64 one, where sizes need it) and read in one piece.
fn directory(source: &mut (impl Read + Seek)) -> Result<Vec<Member>, ZipError> {
    let total = source.seek(SeekFrom::End(0))?;
    // The end record is 22 bytes and a comment of up to 65535.
    let tail_start = total.saturating_sub(22 + 65535);
    let tail = bytes_at(source, tail_start, total - tail_start, total)?;
    let end = (0..=tail.len().saturating_sub(22)).rev().find(|&at| tail.u32_at(at) == Some(END)).ok_or(ZipError::NotZip)?;
    let truncated = ZipError::Truncated;
    let mut count = u64::from(tail.u16_at(end + 10).ok_or(truncated.clone())?);
    let mut length = u64::from(tail.u32_at(end + 12).ok_or(truncated.clone())?);
    let mut offset = u64::from(tail.u32_at(end + 16).ok_or(truncated.clone())?);
    if count == 0xFFFF || length == 0xFFFF_FFFF || offset == 0xFFFF_FFFF {
        let locator_at = (tail_start + end as u64).checked_sub(20).ok_or(truncated.clone())?;
        let locator = bytes_at(source, locator_at, 20, total)?;
        if locator.u32_at(0) != Some(END64_LOCATOR) {
            return Err(truncated);
        }
        let record = bytes_at(source, locator.u64_at(8).ok_or(truncated.clone())?, 56, total)?;
        if record.u32_at(0) != Some(END64) {
            return Err(truncated);
        }
        count = record.u64_at(32).ok_or(truncated.clone())?;
        length = record.u64_at(40).ok_or(truncated.clone())?;
        offset = record.u64_at(48).ok_or(truncated.clone())?;
    }
    let bytes = bytes_at(source, offset, length, total)?;
    let mut at = 0;
    let mut members = Vec::new();
    for _ in 0..count {
        if bytes.u32_at(at) != Some(CENTRAL) {
            return Err(truncated);
        }
        let field16 = |offset: usize| bytes.u16_at(at + offset).ok_or(ZipError::Truncated);
        let field32 = |offset: usize| bytes.u32_at(at + offset).ok_or(ZipError::Truncated);
        let (name_length, extra_length, comment_length) = (field16(28)? as usize, field16(30)? as usize, field16(32)? as usize);
        let name = bytes.get(at + 46..at + 46 + name_length).ok_or(ZipError::Truncated)?;
        let extra = bytes.get(at + 46 + name_length..at + 46 + name_length + extra_length).ok_or(ZipError::Truncated)?;
        let mut member = Member {
            name: String::from_utf8_lossy(name).into_owned(),
            flags: field16(8)?,
            method: field16(10)?,
            crc: field32(16)?,
            compressed: u64::from(field32(20)?),
            size: u64::from(field32(24)?),
            header: u64::from(field32(42)?),
        };
        widen_from_zip64(&mut member, extra)?;
        members.push(member);
        at += 46 + name_length + extra_length + comment_length;
    }
    Ok(members)
}

/// Replaces the sizes and offset that the ZIP64 extra field (id 1) of
/// `extra` holds: those the directory entry marks 0xFFFFFFFF, in order.
fn widen_from_zip64(member: &mut Member, extra: &[u8]) -> Result<(), ZipError> {
    let mut at = 0;
    while at + 4 <= extra.len() {
        let (id, length) = (extra.u16_at(at).unwrap_or(0), extra.u16_at(at + 2).unwrap_or(0) as usize);
        let field = extra.get(at + 4..at + 4 + length).ok_or(ZipError::Truncated)?;
        if id == 1 {
            let mut next = 0;
            for value in [&mut member.size, &mut member.compressed, &mut member.header] {
                if *value == 0xFFFF_FFFF {
                    *value = field.u64_at(next).ok_or(ZipError::Truncated)?;
                    next += 8;
                }
            }
        }
        at += 4 + length;
    }
    Ok(())
}

/// A reader of the uncompressed contents of `member` in `source`.
fn contents<'s>(source: &'s mut (impl Read + Seek), member: &Member) -> Result<Checked<Box<dyn Read + 's>>, ZipError> {
    if member.flags & 1 != 0 {
        return Err(ZipError::Encrypted { name: member.name.clone() });
    }
    let total = source.seek(SeekFrom::End(0))?;
    let header = bytes_at(source, member.header, 30, total)?;
    if header.u32_at(0) != Some(LOCAL) {
        return Err(ZipError::Truncated);
    }
    let name_length = u64::from(header.u16_at(26).ok_or(ZipError::Truncated)?);
    let extra_length = u64::from(header.u16_at(28).ok_or(ZipError::Truncated)?);
    let start = member.header + 30 + name_length + extra_length;
    if start.checked_add(member.compressed).is_none_or(|end| end > total) {
        return Err(ZipError::Truncated);
    }
    source.seek(SeekFrom::Start(start))?;
    let data = source.take(member.compressed);
    let inner: Box<dyn Read + 's> = match member.method {
        // So a stored member's size is bounded by the file's.
        0 if member.size != member.compressed => {
            return Err(ZipError::StoredSize { name: member.name.clone(), size: member.size, stored: member.compressed })
        }
        0 => Box::new(data),
        // The declared size bounds the output, whatever the stream says.
        8 => Box::new(DeflateDecoder::new(data).take(member.size)),
        method => return Err(ZipError::Method { name: member.name.clone(), method }),
    };
    Ok(Checked { inner, deflated: member.method == 8, crc: Crc::new(), read: 0, member: (member.name.clone(), member.size, member.crc) })
}

/// A member's contents as they are read, checked at their end: as long as
/// the directory says, with its CRC-32.
pub(crate) struct Checked<R> {
    inner: R,
    /// Whether `inner` inflates, so that its errors are the stream's.
    deflated: bool,
    crc: Crc,
    read: u64,
    /// The member's name, size and CRC-32.
    member: (String, u64, u32),
}

impl<R: Read> Read for Checked<R> {
    fn read(&mut self, buffer: &mut [u8]) -> std::io::Result<usize> {
        if buffer.is_empty() {
            return Ok(0);
        }
        let read = self.inner.read(buffer).map_err(|error| match self.deflated {
            true => std::io::Error::other(ZipError::Inflate { name: self.member.0.clone(), reason: error.to_string() }),
            false => error,
        })?;
        self.crc.update(&buffer[..read]);
        self.read += read as u64;
        let (name, size, crc) = &self.member;
        if read == 0 && (self.read != *size || self.crc.sum() != *crc) {
            return Err(std::io::Error::other(ZipError::Crc { name: name.clone() }));
        }
        Ok(read)
    }
}

/// An archive of `members` (names and contents), each stored as it is.
pub(crate) fn archive(members: &[(&str, Vec<u8>)]) -> Vec<u8> {
    archive_wide_from(members, 0xFFFF_FFFF)
}

/// [`archive`], with ZIP64 records for every size or offset of at least
/// `limit` (and for the count of members when it is at least `limit`),
/// which the format needs from 0xFFFFFFFF (0xFFFF members) on.
fn archive_wide_from(members: &[(&str, Vec<u8>)], limit: u64) -> Vec<u8> {
    let mut out = Vec::new();
    let mut central = Vec::new();
    for (name, contents) in members {
        let mut crc = Crc::new();
        crc.update(contents);
        let (offset, size) = (out.len() as u64, contents.len() as u64);
        let wide = size >= limit || offset >= limit;
        let narrow = |value: u64| if wide { 0xFFFF_FFFF } else { value as u32 };
        let version: u16 = if wide { 45 } else { 20 };
        let sizes = [size, size];
        // The local header, then the contents.
        out.extend(LOCAL.to_le_bytes());
        shared_fields(&mut out, version, crc.sum(), narrow(size), name, if wide { 20 } else { 0 });
        out.extend(name.as_bytes());
        if wide {
            zip64_extra(&mut out, &sizes);
        }
        out.extend(contents);
        // Its directory entry: the version that made it first, and where
        // its local header is after.
        central.extend(CENTRAL.to_le_bytes());
        central.extend(version.to_le_bytes());
        shared_fields(&mut central, version, crc.sum(), narrow(size), name, if wide { 28 } else { 0 });
        central.extend([0u8; 10]); // comment length, disk, attributes
        central.extend(narrow(offset).to_le_bytes());
        central.extend(name.as_bytes());
        if wide {
            zip64_extra(&mut central, &[size, size, offset]);
        }
    }
    let (offset, length, count) = (out.len() as u64, central.len() as u64, members.len() as u64);
    out.extend(central);
    let wide = offset >= limit || count >= limit.min(0xFFFF);
    if wide {
        let record = out.len() as u64;
        out.extend(END64.to_le_bytes());
        out.extend(44u64.to_le_bytes());
        out.extend(45u16.to_le_bytes());
        out.extend(45u16.to_le_bytes());
        out.extend([0u8; 8]);
        out.extend(count.to_le_bytes());
        out.extend(count.to_le_bytes());
        out.extend(length.to_le_bytes());
        out.extend(offset.to_le_bytes());
        out.extend(END64_LOCATOR.to_le_bytes());
        out.extend(0u32.to_le_bytes());
        out.extend(record.to_le_bytes());
        out.extend(1u32.to_le_bytes());
    }
    let narrow16 = |value: u64| if wide { 0xFFFF } else { value as u16 };
    let narrow32 = |value: u64| if wide { 0xFFFF_FFFF } else { value as u32 };
    out.extend(END.to_le_bytes());
    out.extend([0u8; 4]);
    out.extend(narrow16(count).to_le_bytes());
    out.extend(narrow16(count).to_le_bytes());
    out.extend(narrow32(length).to_le_bytes());
    out.extend(narrow32(offset).to_le_bytes());
    out.extend(0u16.to_le_bytes());
    out
}

/// The fields a member's local header and directory entry share: the
/// version needed, flags, method 0 (stored), time, date (1980-01-01, the
/// earliest), CRC, both sizes, the name's length and the extra field's.
fn shared_fields(out: &mut Vec<u8>, version: u16, crc: u32, size: u32, name: &str, extra: u16) {
    out.extend(version.to_le_bytes());
    out.extend([0u8; 6]);
    out.extend(0x21u16.to_le_bytes());
    out.extend(crc.to_le_bytes());
    out.extend(size.to_le_bytes());
    out.extend(size.to_le_bytes());
    out.extend((name.len() as u16).to_le_bytes());
    out.extend(extra.to_le_bytes());
}

/// A ZIP64 extra field (id 1) holding `values`.
fn zip64_extra(out: &mut Vec<u8>, values: &[u64]) {
    out.extend(1u16.to_le_bytes());
    out.extend((8 * values.len() as u16).to_le_bytes());
    values.iter().for_each(|value| out.extend(value.to_le_bytes()));
}

#[cfg(test)]
mod tests {
    use super::*;
    use flate2::write::DeflateEncoder;
    use flate2::Compression;
    use std::io::Write;

    /// Every member of the archive `bytes`, read whole.
    fn read_members(bytes: &[u8]) -> Result<Vec<(String, Vec<u8>)>, ZipError> {
        let mut archive = Archive::new(std::io::Cursor::new(bytes))?;
        let names: Vec<String> = archive.names().map(str::to_string).collect();
        names
            .into_iter()
            .map(|name| {
                let (mut reader, size) = archive.member(&name).expect("a listed member")?;
                let mut contents = Vec::new();
                reader.read_to_end(&mut contents)?;
                assert_eq!(contents.len() as u64, size);
                Ok((name, contents))
            })
            .collect()
    }

    #[test]
    fn stored_archives_read_back() {
        let members = [("a.npy", b"hello".to_vec()), ("b", Vec::new()), ("c", vec![7; 70_000])];
        let bytes = archive(&members);
        let read = read_members(&bytes).unwrap();
        assert_eq!(read, members.iter().map(|(name, contents)| (name.to_string(), contents.clone())).collect::<Vec<_>>());
    }

    #[test]
    fn zip64_records_read_back() {
        let members = [("a.npy", b"hello".to_vec()), ("b", vec![7; 1000])];
        let bytes = archive_wide_from(&members, 0);
        assert_ne!(bytes, archive(&members), "the records are ZIP64");
        let read = read_members(&bytes).unwrap();
        assert_eq!(read, members.iter().map(|(name, contents)| (name.to_string(), contents.clone())).collect::<Vec<_>>());
    }

    #[test]
    fn deflated_members_inflate_and_are_checked() {
        let contents = b"the same words again and again and again".repeat(100);
        let mut encoder = DeflateEncoder::new(Vec::new(), Compression::default());
        encoder.write_all(&contents).unwrap();
        let deflated = encoder.finish().unwrap();
        // A stored archive of the deflated bytes, then marked deflated.
        let mut bytes = archive(&[("x", deflated.clone())]);
        let mut crc = Crc::new();
        crc.update(&contents);
        let central = (0..bytes.len()).find(|&at| bytes.u32_at(at) == Some(CENTRAL)).unwrap();
        for at in [8, central + 10] {
            bytes[at..at + 2].copy_from_slice(&8u16.to_le_bytes());
        }
        bytes[central + 16..central + 20].copy_from_slice(&crc.sum().to_le_bytes());
        bytes[central + 24..central + 28].copy_from_slice(&(contents.len() as u32).to_le_bytes());
        assert_eq!(read_members(&bytes).unwrap(), [("x".to_string(), contents.clone())]);
        // A wrong CRC is found.
        bytes[central + 16] ^= 1;
        assert_eq!(read_members(&bytes), Err(ZipError::Crc { name: "x".into() }));
    }

    #[test]
    fn broken_archives_are_errors() {
        assert_eq!(read_members(b"not a zip file at all"), Err(ZipError::NotZip));
        let bytes = archive(&[("a", b"data".to_vec())]);
        assert_eq!(read_members(&bytes[10..]), Err(ZipError::Truncated));
        let mut flipped = bytes.clone();
        flipped[31] ^= 0xFF; // the first byte of the contents, after the 30-byte header and the name
        assert_eq!(read_members(&flipped), Err(ZipError::Crc { name: "a".into() }));
        let mut method = bytes.clone();
        let central = (0..method.len()).find(|&at| method.u32_at(at) == Some(CENTRAL)).unwrap();
        method[central + 10] = 12;
        assert_eq!(read_members(&method), Err(ZipError::Method { name: "a".into(), method: 12 }));
        // A stored member that says it holds more than it stores.
        let mut sized = bytes.clone();
        sized[central + 24..central + 28].copy_from_slice(&(1u32 << 31).to_le_bytes());
        assert_eq!(read_members(&sized), Err(ZipError::StoredSize { name: "a".into(), size: 1 << 31, stored: 4 }));
    }
}
