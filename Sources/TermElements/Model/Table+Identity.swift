internal import FoundationEssentials

extension Table {
  /// The index path of the row known by `key`, searching the whole table.
  func indexPath(of key: RowKey) -> IndexPath? {
    switch key {
    case .position(let section, let row):
      guard section < sections.count, row < sections[section].rows.count else { return nil }
      return IndexPath(row: row, section: section)
    case .generated, .id:
      for (index, section) in sections.enumerated() {
        if let row = section.rows.firstIndex(ofKey: key, section: index) {
          return IndexPath(row: row, section: index)
        }
      }
      return nil
    }
  }

  /// The index path of the row known by `key`, looking at `hint` first.
  func indexPath(of key: RowKey, near hint: IndexPath?) -> IndexPath? {
    if let hint, contains(hint), self.key(at: hint) == key { return hint }
    return indexPath(of: key)
  }

  /// The key of the row at `indexPath`.
  func key(at indexPath: IndexPath) -> RowKey {
    sections[indexPath.section].rows.key(at: indexPath.row, section: indexPath.section)
  }

  /// Whether `indexPath` names a row of the table.
  func contains(_ indexPath: IndexPath) -> Bool {
    indexPath.count == 2 && indexPath.section >= 0 && indexPath.section < sections.count
      && indexPath.row >= 0 && indexPath.row < sections[indexPath.section].rows.count
  }

  /// The ids that more than one stored row of the table has, for reporting a programming
  /// error.
  func duplicateIDs(limit: Int = 3) -> [RowID] {
    var seen: Set<RowID> = []
    var duplicates: [RowID] = []
    for section in sections {
      for run in section.rows.runs {
        guard case .stored(let rows) = run else { continue }
        for row in rows {
          guard let id = row.id, !seen.insert(id).inserted else { continue }
          duplicates.append(id)
          if duplicates.count >= limit { return duplicates }
        }
      }
    }
    return duplicates
  }
}
