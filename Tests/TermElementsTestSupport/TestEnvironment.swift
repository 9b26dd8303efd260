import Glibc

/// The process environment, read without Foundation, for settings such as ``FuzzSettings``'s.
///
/// ```swift
/// let tracing = TestEnvironment.variables["FUZZ_TRACE"] != nil
/// ```
public enum TestEnvironment {
  /// The environment variables, read afresh at each use.
  public static var variables: [String: String] {
    var result: [String: String] = [:]
    var pointer = environ
    while let entry = pointer.pointee {
      let text = String(cString: entry)
      if let equals = text.firstIndex(of: "=") {
        result[String(text[..<equals])] = String(text[text.index(after: equals)...])
      }
      pointer += 1
    }
    return result
  }
}
