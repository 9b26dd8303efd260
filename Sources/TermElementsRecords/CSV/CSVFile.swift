import Glibc

/// A CSV file open for reading with `pread`: never written, never read whole.
final class CSVFile: Sendable {
  /// The path it was opened at.
  let path: String
  /// The open descriptor, closed when the file goes.
  let descriptor: Int32
  /// The size in bytes when it was opened.
  let size: UInt64

  /// Opens `path` for reading; throws one clear message for a missing or unreadable file, a
  /// directory, or something that is not a regular file.
  init(path: String) throws(RecordSourceError) {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw .failed("Cannot open \(path): \(String(cString: strerror(errno)))")
    }
    var info = stat()
    guard fstat(descriptor, &info) == 0 else {
      let message = String(cString: strerror(errno))
      close(descriptor)
      throw .failed("Cannot read \(path): \(message)")
    }
    let kind = info.st_mode & S_IFMT
    guard kind != S_IFDIR else {
      close(descriptor)
      throw .failed("\(path) is a directory, not a CSV file")
    }
    guard kind == S_IFREG else {
      close(descriptor)
      throw .failed("\(path) is not a regular file")
    }
    self.path = path
    self.descriptor = descriptor
    self.size = UInt64(info.st_size)
  }

  deinit {
    close(descriptor)
  }

  /// Reads up to `count` bytes from `offset` into `buffer`, fewer at the end of the file,
  /// reusing its storage: a reader that goes through a file a chunk at a time allocates (and
  /// faults in) its buffer once rather than once a chunk.
  func read(into buffer: inout [UInt8], at offset: UInt64, count: Int) throws(RecordSourceError) {
    let wanted = offset < size ? Int(min(UInt64(max(0, count)), size - offset)) : 0
    if buffer.count != wanted { buffer = [UInt8](repeating: 0, count: wanted) }
    var failure: Int32 = 0
    let done = buffer.withUnsafeMutableBytes { bytes in
      var done = 0
      while done < wanted {
        let got = pread(
          descriptor, bytes.baseAddress! + done, wanted - done, off_t(offset) + off_t(done))
        if got < 0 {
          if errno == EINTR { continue }
          failure = errno
          break
        }
        if got == 0 { break }
        done += got
      }
      return done
    }
    if failure != 0 {
      throw .failed("Cannot read \(path): \(String(cString: strerror(failure)))")
    }
    if done < wanted { buffer.removeSubrange(done...) }
  }

  /// Up to `count` bytes from `offset`, fewer at the end of the file.
  func bytes(at offset: UInt64, count: Int) throws(RecordSourceError) -> [UInt8] {
    var bytes: [UInt8] = []
    try read(into: &bytes, at: offset, count: count)
    return bytes
  }
}
