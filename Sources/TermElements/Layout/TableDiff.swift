internal import FoundationEssentials

/// How the rows of one version of a table correspond to those of the next, by identity.
///
/// Sections correspond by index. Within a section, the rows before the first difference and
/// after the last keep their places (shifted by the change in count); the rows in between are
/// matched by key. A row that moved to another section is found by a search of the new table,
/// which only the few rows the controller follows (the selection, the top row, the edited
/// field) ever need. The cost is that of the rows that changed, plus the skipped runs.
struct TableDiff {
  /// How the rows of one section correspond.
  struct SectionDiff {
    /// Rows at the start with the same keys in both versions.
    let prefix: Int
    /// Rows at the end with the same keys in both versions, after the prefix.
    let suffix: Int
    /// Rows in the old section.
    let oldCount: Int
    /// Rows in the new section.
    let newCount: Int
    /// The new rows between prefix and suffix, by key.
    let middle: [RowKey: Int]
  }

  /// The old table.
  let old: Table
  /// The new table.
  let new: Table
  /// Each old section's correspondence, or `nil` where the new table has no such section.
  let sections: [SectionDiff?]

  /// The diff between `old` and `new`.
  init(from old: Table, to new: Table) {
    self.old = old
    self.new = new
    sections = old.sections.indices.map { index -> SectionDiff? in
      guard index < new.sections.count else { return nil }
      let before = old.sections[index].rows
      let after = new.sections[index].rows
      let prefix = before.commonPrefixLength(with: after, section: index, otherSection: index)
      let suffix = before.commonSuffixLength(
        with: after, prefix: prefix, section: index, otherSection: index)
      var middle: [RowKey: Int] = [:]
      let middleRange = prefix..<(after.count - suffix)
      if !middleRange.isEmpty && before.count - suffix > prefix {
        middle.reserveCapacity(middleRange.count)
        for row in middleRange {
          let key = after.key(at: row, section: index)
          if middle[key] == nil { middle[key] = row }
        }
      }
      return SectionDiff(
        prefix: prefix, suffix: suffix, oldCount: before.count, newCount: after.count,
        middle: middle)
    }
  }

  /// Where the old row at `indexPath` is in the new table, if it is still there; rows found
  /// only by their position follow it.
  func newIndexPath(of indexPath: IndexPath) -> IndexPath? {
    guard old.contains(indexPath) else { return nil }
    let key = old.sections[indexPath.section].rows.key(
      at: indexPath.row, section: indexPath.section)
    if let row = rowInSameSection(indexPath, key: key) {
      return IndexPath(row: row, section: indexPath.section)
    }
    guard key.followsRow else { return nil }
    return new.indexPath(of: key)
  }

  /// The new index of old row `indexPath` in the same section, if the section still has it.
  private func rowInSameSection(_ indexPath: IndexPath, key: RowKey) -> Int? {
    guard let diff = sections[indexPath.section] else { return nil }
    let row = indexPath.row
    if row < diff.prefix { return row }
    if row >= diff.oldCount - diff.suffix { return row - diff.oldCount + diff.newCount }
    if !key.followsRow { return row < diff.newCount ? row : nil }
    return diff.middle[key]
  }

  /// Calls `body` with the key of each old row gone from its section, as
  /// ``newRow(ofOldRow:section:)`` tells (a row moved to another section counts as gone): the
  /// rows between the common prefix and suffix are looked at, or all the rows of a section the
  /// new table lacks, in the sections where at most `limit` rows are so; sections with more are
  /// skipped, so that replacing a source of millions of rows costs nothing here.
  func forEachGoneKey(limit: Int, _ body: (RowKey) -> Void) {
    for (section, diff) in sections.enumerated() {
      let rows = old.sections[section].rows
      let changed =
        diff.map { $0.prefix..<max($0.prefix, $0.oldCount - $0.suffix) } ?? 0..<rows.count
      guard changed.count <= limit else { continue }
      for row in changed where newRow(ofOldRow: row, section: section) == nil {
        body(rows.key(at: row, section: section))
      }
    }
  }

  /// The new position of each old row in section `section`, for carrying measured heights:
  /// `nil` for a row that is gone or moved to another section.
  func newRow(ofOldRow row: Int, section: Int) -> Int? {
    guard section < sections.count, let diff = sections[section] else { return nil }
    if row < diff.prefix { return row }
    if row >= diff.oldCount - diff.suffix { return row - diff.oldCount + diff.newCount }
    let key = old.sections[section].rows.key(at: row, section: section)
    if !key.followsRow { return row < diff.newCount ? row : nil }
    return diff.middle[key]
  }
}
