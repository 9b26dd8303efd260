/// The view of the records screen: the order and filter of the records shown, and the sort or
/// filter being applied, which they do not follow yet.
struct RecordViews: Equatable, Sendable {
  /// The order and filter of the records shown.
  var shown = RecordView()
  /// The sort or filter being applied, if any: a sort or filter asked for meanwhile builds on
  /// it rather than on ``shown``.
  var pending: RecordView?

  /// The view asked for last: the one being applied, or else the one shown.
  var asked: RecordView { pending ?? shown }
}
