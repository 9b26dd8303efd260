import TermElementsRecords

extension Array where Element == [CellValue] {
  /// The numbers of `numbers` (all of them when `nil`) ordered by `column` as a sorted view
  /// orders them: by ``CellValue/precedes(_:)``, ties by their place in the array; the
  /// reference the sort tests hold a source's pages to.
  func numbers(orderedBy column: Int, among numbers: [Int]? = nil) -> [Int] {
    (numbers ?? [Int](indices)).sorted { left, right in
      let (a, b) = (self[left][column], self[right][column])
      if a.precedes(b) { return true }
      if b.precedes(a) { return false }
      return left < right
    }
  }
}
