/// Reading rows by identity without building them: the key of a row, the rows two versions
/// share at either end, and where a key is.
extension Rows {
  /// The key of the row at `position` in section `section`; a generated row is not built.
  func key(at position: Int, section: Int) -> RowKey {
    let run = runIndex(containing: position)
    let offset = position - start(ofRun: run)
    switch runs[run] {
    case .stored(let rows):
      guard let id = rows[offset].id else { return .position(section: section, row: position) }
      return .id(id)
    case .generated(let source, let range):
      return .generated(source: source.id, index: range.lowerBound + offset)
    }
  }

  /// How many rows at the start of these rows and `other` have the same keys.
  ///
  /// Runs of one source over the same indexes and stored runs that share their storage are
  /// skipped whole, so the cost is that of the rows that differ, not of all rows.
  func commonPrefixLength(with other: Rows, section: Int, otherSection: Int) -> Int {
    var position = 0
    let limit = Swift.min(count, other.count)
    while position < limit {
      let skipped = sharedRunLength(at: position, with: other, at: position)
      if skipped > 0 {
        position += Swift.min(skipped, limit - position)
        continue
      }
      // Rows without ids are known by position, the same here and there in the same section.
      let matched = matchingStoredIDs(
        from: position, with: other, from: position, step: 1, limit: limit - position,
        matchingRowsWithoutIDs: section == otherSection)
      if matched > 0 {
        position += matched
        continue
      }
      guard key(at: position, section: section) == other.key(at: position, section: otherSection)
      else { break }
      position += 1
    }
    return position
  }

  /// How many stored rows, from `position` here and `otherPosition` in `other` on, stepping
  /// by `step` (1 forward, -1 back), have the same ids, at most `limit`: their keys match
  /// without being made, read straight from the two runs' arrays. Rows without ids match each
  /// other only when `matchingRowsWithoutIDs` says their positions name the same rows.
  private func matchingStoredIDs(
    from position: Int, with other: Rows, from otherPosition: Int, step: Int, limit: Int,
    matchingRowsWithoutIDs: Bool
  ) -> Int {
    let run = runIndex(containing: position)
    let otherRun = other.runIndex(containing: otherPosition)
    guard case .stored(let mine) = runs[run], case .stored(let theirs) = other.runs[otherRun]
    else { return 0 }
    let offset = position - start(ofRun: run)
    let otherOffset = otherPosition - other.start(ofRun: otherRun)
    let length =
      step > 0
      ? Swift.min(mine.count - offset, theirs.count - otherOffset, limit)
      : Swift.min(offset + 1, otherOffset + 1, limit)
    var matched = 0
    while matched < length {
      let row = mine[offset + step * matched].extras
      guard matchingRowsWithoutIDs || row.hasID,
        row.hasSameID(as: theirs[otherOffset + step * matched].extras)
      else { break }
      matched += 1
    }
    return matched
  }

  /// How many rows at the end of these rows and `other` have the same keys, not counting the
  /// first `prefix` rows of either.
  func commonSuffixLength(with other: Rows, prefix: Int, section: Int, otherSection: Int) -> Int {
    var length = 0
    let limit = Swift.min(count, other.count) - prefix
    while length < limit {
      let mine = count - 1 - length
      let theirs = other.count - 1 - length
      let skipped = sharedRunLengthBackward(endingAt: mine, with: other, endingAt: theirs)
      if skipped > 0 {
        length += Swift.min(skipped, limit - length)
        continue
      }
      // Rows without ids name positions, which differ once counts differ.
      let matched = matchingStoredIDs(
        from: mine, with: other, from: theirs, step: -1, limit: limit - length,
        matchingRowsWithoutIDs: count == other.count && section == otherSection)
      if matched > 0 {
        length += matched
        continue
      }
      // Keys of stored rows without ids name positions, which differ once counts differ; a
      // suffix is only shared by rows that follow their identity.
      let key = key(at: mine, section: section)
      guard key.followsRow || count == other.count,
        key == other.key(at: theirs, section: otherSection)
      else { break }
      length += 1
    }
    return length
  }

  /// Rows from `position` on that sit in the same run storage as `other`'s rows from
  /// `otherPosition` on: the same source indexes, or the same stored array.
  private func sharedRunLength(at position: Int, with other: Rows, at otherPosition: Int) -> Int {
    let run = runIndex(containing: position)
    let otherRun = other.runIndex(containing: otherPosition)
    let offset = position - start(ofRun: run)
    let otherOffset = otherPosition - other.start(ofRun: otherRun)
    let length = Swift.min(runs[run].count - offset, other.runs[otherRun].count - otherOffset)
    return runs[run].sharesStorage(offset, with: other.runs[otherRun], otherOffset) ? length : 0
  }

  /// Rows up to and including `position` that sit in the same run storage as `other`'s up to
  /// `otherPosition`.
  private func sharedRunLengthBackward(
    endingAt position: Int, with other: Rows, endingAt otherPosition: Int
  ) -> Int {
    let run = runIndex(containing: position)
    let otherRun = other.runIndex(containing: otherPosition)
    let offset = position - start(ofRun: run)
    let otherOffset = otherPosition - other.start(ofRun: otherRun)
    let length = Swift.min(offset, otherOffset) + 1
    return runs[run].sharesStorage(offset, with: other.runs[otherRun], otherOffset) ? length : 0
  }
}

extension Rows.Run {
  /// Whether row `offset` of this run and row `otherOffset` of `other` are the same element of
  /// the same storage, so that the rows around them line up too.
  func sharesStorage(_ offset: Int, with other: Rows.Run, _ otherOffset: Int) -> Bool {
    switch (self, other) {
    case (.generated(let source, let range), .generated(let otherSource, let otherRange)):
      return source == otherSource
        && range.lowerBound + offset == otherRange.lowerBound + otherOffset
    case (.stored(let rows), .stored(let otherRows)):
      guard offset == otherOffset, rows.count == otherRows.count else { return false }
      return rows.withUnsafeBufferPointer { mine in
        otherRows.withUnsafeBufferPointer { $0.baseAddress == mine.baseAddress }
      }
    default:
      return false
    }
  }
}

extension Rows {
  /// The index of the first row known by `key`, without building generated rows.
  func firstIndex(ofKey key: RowKey, section: Int) -> Int? {
    var start = 0
    for run in runs {
      switch (run, key) {
      case (.stored(let rows), .id(let id)):
        if let offset = rows.firstIndex(where: { $0.id == id }) { return start + offset }
      case (.generated(let source, let range), .generated(let name, let index)):
        if source.id == name && range.contains(index) { return start + index - range.lowerBound }
      default:
        break
      }
      start += run.count
    }
    return nil
  }
}
