/// A source that works in the background and says so in the status line, such as a file
/// building its index.
public protocol RecordActivityReporting: RecordSource {
  /// What the source is doing in the background that the status line should say, such as
  /// `indexing 43%`, or `nil` when nothing: while it says something, the screen asks again
  /// every quarter of a second, and counts the records again once it says nothing.
  var activity: String? { get }
}
