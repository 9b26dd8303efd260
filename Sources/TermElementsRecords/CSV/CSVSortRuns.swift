import Glibc
import Synchronization

/// Sorted runs of ``CSVSortKey``s in a temporary file, merged into one order: how a sort of
/// 10,000,000 records keeps a run's keys in memory at a time rather than all of them.
///
/// The file has no name in its directory (or, where the file system cannot make such a file,
/// is removed from it as soon as it is made), so that nothing is left of it however the
/// process ends (q, Esc, a signal, a crash): the kernel frees it when the descriptor closes,
/// when the runs go or the process does.
final class CSVSortRuns: Sendable {
  private let descriptor: Int32
  /// Where each run starts in the file, and its count of keys, and where the next one goes.
  private let runs = Mutex<(list: [(offset: Int64, count: Int)], end: Int64)>(([], 0))

  /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`, as x86-64 and ARM64 write it), which
  /// Swift does not import: `open` on a directory makes a file with no name in it.
  private static let unnamedFile: Int32 = 0o20_000_000 | O_DIRECTORY

  /// A file for runs in `directory`: one with no name (`O_TMPFILE`) where the file system
  /// makes them, so that not even a kill at once finds it in the folder; else a named one,
  /// removed as soon as it is made.
  init(directory: String) throws(RecordSourceError) {
    var descriptor = open(directory, Self.unnamedFile | O_RDWR | O_CLOEXEC, 0o600)
    if descriptor < 0 {
      var template = Array((directory + "/termelements-sort-XXXXXX").utf8CString)
      descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      guard descriptor >= 0 else {
        throw .failed(
          "Cannot make a file to sort in \(directory): \(String(cString: strerror(errno)))")
      }
      _ = template.withUnsafeBufferPointer { unlink($0.baseAddress!) }
      _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
    }
    self.descriptor = descriptor
  }

  deinit {
    close(descriptor)
  }

  /// Sorts `keys` and writes them as a run.
  func write(_ keys: inout [CSVSortKey]) throws(RecordSourceError) {
    guard !keys.isEmpty else { return }
    keys.sort()
    let size = Int64(keys.count * MemoryLayout<CSVSortKey>.stride)
    let offset = runs.withLock { runs in
      defer {
        runs.list.append((runs.end, keys.count))
        runs.end += size
      }
      return runs.end
    }
    var failure: Int32 = 0
    keys.withUnsafeBytes { bytes in
      var done = 0
      while done < bytes.count {
        let wrote = pwrite(
          descriptor, bytes.baseAddress! + done, bytes.count - done, off_t(offset) + off_t(done))
        if wrote < 0 {
          if errno == EINTR { continue }
          failure = errno
          return
        }
        done += wrote
      }
    }
    if failure != 0 {
      throw .failed("Cannot write the sort's file: \(String(cString: strerror(failure)))")
    }
  }

  /// Merges the runs, calling `body` with each key in order; checks for cancellation every
  /// 65,536 keys.
  func merge(_ body: (CSVSortKey) throws -> Void) throws {
    let list = runs.withLock { $0.list }
    var readers = try list.map { run throws(RecordSourceError) in
      var reader = RunReader(descriptor: descriptor, offset: run.offset, count: run.count)
      try reader.fill()
      return reader
    }
    // A binary heap of the runs by their next key.
    var heap = readers.indices.filter { readers[$0].current != nil }
    func less(_ a: Int, _ b: Int) -> Bool { readers[a].current! < readers[b].current! }
    func siftDown(_ start: Int) {
      var parent = start
      while true {
        let left = 2 * parent + 1
        guard left < heap.count else { return }
        var child = left
        if left + 1 < heap.count, less(heap[left + 1], heap[left]) { child = left + 1 }
        guard less(heap[child], heap[parent]) else { return }
        heap.swapAt(child, parent)
        parent = child
      }
    }
    for start in stride(from: heap.count / 2 - 1, through: 0, by: -1) { siftDown(start) }
    var merged = 0
    while let top = heap.first {
      try body(readers[top].current!)
      merged += 1
      if merged % 65_536 == 0 { try Task.checkCancellation() }
      try readers[top].advance()
      if readers[top].current == nil {
        heap[0] = heap[heap.count - 1]
        heap.removeLast()
      }
      if !heap.isEmpty { siftDown(0) }
    }
  }

  /// Reads one run back a buffer at a time.
  private struct RunReader {
    static let bufferKeys = 4096
    let descriptor: Int32
    var offset: Int64
    var left: Int
    var buffer: [CSVSortKey] = []
    var index = 0

    init(descriptor: Int32, offset: Int64, count: Int) {
      self.descriptor = descriptor
      self.offset = offset
      self.left = count
    }

    var current: CSVSortKey? { index < buffer.count ? buffer[index] : nil }

    mutating func advance() throws(RecordSourceError) {
      index += 1
      if index >= buffer.count { try fill() }
    }

    mutating func fill() throws(RecordSourceError) {
      let count = min(left, Self.bufferKeys)
      buffer = [CSVSortKey](
        repeating: CSVSortKey(record: 0, field: nil), count: count)
      index = 0
      guard count > 0 else { return }
      let size = count * MemoryLayout<CSVSortKey>.stride
      let start = offset
      var failure: Int32 = 0
      buffer.withUnsafeMutableBytes { bytes in
        var done = 0
        while done < size {
          let got = pread(
            descriptor, bytes.baseAddress! + done, size - done, off_t(start) + off_t(done))
          if got < 0 && errno == EINTR { continue }
          if got <= 0 {
            failure = got < 0 ? errno : EIO
            return
          }
          done += got
        }
      }
      if failure != 0 {
        throw .failed("Cannot read the sort's file: \(String(cString: strerror(failure)))")
      }
      offset += Int64(size)
      left -= count
    }
  }
}
