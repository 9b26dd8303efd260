import Foundation
import Glibc

/// The file an export writes: a temporary file in the folder of the file named, renamed to that
/// name once every record is written, so that an export stopped or failed never leaves a part
/// of a file, under its name or any other.
final class ExportFile {
  /// The path named, as given.
  let path: String
  /// The temporary file's path, beside it.
  let temporaryPath: String
  /// The temporary file's descriptor, `-1` once closed.
  private var descriptor: Int32
  /// Whether the temporary file is gone: renamed to the name asked for, or removed.
  private var isDone = false

  /// Creates the temporary file beside `path`, after checking that `path`'s extension names a
  /// format, that its folder is one the process can write in, that it is not a file the
  /// process holds open (the database or file browsed), and, unless `overwrite`, that no file
  /// has that name.
  ///
  /// - Throws: ``RecordExportError``, having created nothing.
  init(path: String, overwrite: Bool) throws(RecordExportError) {
    self.path = path
    let folder = Self.folder(of: path)
    var status = stat()
    guard stat(folder, &status) == 0 else {
      throw .badFolder(folder, reason: Self.reason(errno))
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw .badFolder(folder, reason: "not a folder")
    }
    if lstat(path, &status) == 0 {
      if Self.isOpenByThisProcess(path) { throw .browsedFile(path) }
      if status.st_mode & S_IFMT == S_IFDIR {
        throw .writeFailed(path, reason: "it is a folder")
      }
      if !overwrite { throw .exists(path) }
    }
    let name = path.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    let stem = folder == "." && !path.hasPrefix("./") ? "" : folder + "/"
    var made: String?
    var created: Int32 = -1
    for attempt in 0..<100 {
      let candidate =
        stem + ".\(name).part-\(getpid())-\(UInt32.random(in: 0...UInt32.max))-\(attempt)"
      created = open(candidate, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
      if created >= 0 {
        made = candidate
        break
      }
      guard errno == EEXIST else { throw .badFolder(folder, reason: Self.reason(errno)) }
    }
    guard let made else { throw .badFolder(folder, reason: "no temporary name is free") }
    temporaryPath = made
    descriptor = created
  }

  /// Writes all of `bytes`.
  ///
  /// - Throws: ``RecordExportError/writeFailed(_:reason:)``.
  func write(_ bytes: [UInt8]) throws(RecordExportError) {
    var done = 0
    while done < bytes.count {
      let count = bytes.withUnsafeBytes { buffer in
        Glibc.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .writeFailed(path, reason: Self.reason(errno))
      }
      done += count
    }
  }

  /// Closes the temporary file and gives it the name asked for: in place of a file of that name
  /// when `overwrite`, else only where no file took the name meanwhile.
  ///
  /// - Throws: ``RecordExportError``, the temporary file removed.
  func finish(overwrite: Bool) throws(RecordExportError) {
    let (path, temporary) = (path, temporaryPath)
    let closed = close(descriptor)
    let closeError = errno
    descriptor = -1
    isDone = true
    guard closed == 0 else {
      unlink(temporary)
      throw .writeFailed(path, reason: Self.reason(closeError))
    }
    if Self.isOpenByThisProcess(path) {
      unlink(temporary)
      throw .browsedFile(path)
    }
    if overwrite {
      guard rename(temporary, path) == 0 else {
        let error = errno
        unlink(temporary)
        throw .writeFailed(path, reason: Self.reason(error))
      }
      return
    }
    // A hard link takes the name only if it is free; where the file system has none, the
    // name is checked and then taken.
    if link(temporary, path) == 0 {
      unlink(temporary)
      return
    }
    let error = errno
    if error == EEXIST {
      unlink(temporary)
      throw .exists(path)
    }
    var status = stat()
    guard error == EPERM || error == ENOTSUP || error == EOPNOTSUPP || error == EXDEV,
      lstat(path, &status) != 0, rename(temporary, path) == 0
    else {
      unlink(temporary)
      throw .writeFailed(path, reason: Self.reason(error))
    }
  }

  /// Closes and removes the temporary file: the export stopped or failed.
  func remove() {
    guard !isDone else { return }
    isDone = true
    close(descriptor)
    descriptor = -1
    unlink(temporaryPath)
  }

  deinit {
    remove()
  }

  /// The folder of `path`: `.` for a bare name, `/` at the root.
  static func folder(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    let folder = String(path[..<slash])
    return folder.isEmpty ? "/" : folder
  }

  /// Whether the file at `path` is one this process holds open, by its device and inode: a
  /// file the browser reads, such as the database or the CSV file browsed.
  static func isOpenByThisProcess(_ path: String) -> Bool {
    var target = stat()
    guard stat(path, &target) == 0,
      let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
    else { return false }
    for descriptor in descriptors {
      var status = stat()
      guard let number = Int32(descriptor), fstat(number, &status) == 0 else { continue }
      if status.st_dev == target.st_dev && status.st_ino == target.st_ino { return true }
    }
    return false
  }

  /// The system's words for `error`.
  static func reason(_ error: Int32) -> String {
    String(cString: strerror(error))
  }
}
