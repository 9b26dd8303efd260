import TermElementsTestSupport
import Testing

@testable import TermElements

/// The rows two versions of a section share at either end, worked out by skipping shared
/// storage and comparing ids where it can, agree with comparing every row's key.
@Suite("Rows shared at either end, against keys compared one by one")
struct RowsIdentityRandomTests {
  /// A row with a number id, a text id, a tag (which keeps its settings in a box), or none.
  static func row(_ random: inout SeededRandom) -> Row {
    let label = ElementOfLabel(props: "r")
    switch random.int(0...5) {
    case 0: return Row(label)
    case 1: return Row(label, id: RowID("t\(random.int(0...6))"))
    case 2: return Row(label, id: RowID(random.int(0...6)), tag: "boxed")
    default: return Row(label, id: RowID(random.int(0...6)))
    }
  }

  /// Rows made of stored runs, a source's rows, or both.
  static func rows(_ random: inout SeededRandom, source: RowSource) -> Rows {
    var rows = Rows()
    for _ in 0..<random.int(0...3) {
      if random.chance(0.3) {
        let start = random.int(0...4)
        rows.append(contentsOf: Rows(source)[start..<min(source.count, start + random.int(0...4))])
      } else {
        rows.append(contentsOf: (0..<random.int(0...6)).map { _ in row(&random) })
      }
    }
    return rows
  }

  /// A changed copy of `rows`: a row replaced, inserted or removed, or nothing.
  static func changed(_ rows: Rows, _ random: inout SeededRandom) -> Rows {
    var result = rows
    for _ in 0..<random.int(0...2) {
      let at = random.int(0...result.count)
      switch random.int(0...2) {
      case 0 where at < result.count: result[at] = row(&random)
      case 1: result.insert(row(&random), at: at)
      case 2 where at < result.count: result.remove(at: at)
      default: break
      }
    }
    return result
  }

  /// The same rows with stored runs copied into arrays of their own: rows in one storage are
  /// the same rows whatever their keys (see `sharedRunLength`), which this test leaves aside.
  static func unshared(_ rows: Rows) -> Rows {
    var result = Rows()
    for run in rows.runs {
      switch run {
      case .stored(let stored): result.append(contentsOf: stored.map { $0 })
      case .generated(let source, let range): result.append(contentsOf: Rows(source)[range])
      }
    }
    return result
  }

  @Test(
    "Prefix and suffix lengths are those of keys compared one by one, in one section or across two",
    arguments: 0..<4)
  func sharedEnds(seed: UInt64) {
    var random = SeededRandom(seed: 0x5AFE + seed)
    let source = RowSource(id: "s", count: 8) {
      Row(ElementOfLabel(props: "s\($0)"), id: RowID($0))
    }
    for _ in 0..<2_000 {
      let old = Self.rows(&random, source: source)
      let new = Self.unshared(
        random.chance(0.2) ? Self.rows(&random, source: source) : Self.changed(old, &random))
      let section = random.int(0...1)
      let otherSection = random.chance(0.8) ? section : 1 - section
      let limit = min(old.count, new.count)
      var prefix = 0
      while prefix < limit
        && old.key(at: prefix, section: section) == new.key(at: prefix, section: otherSection)
      {
        prefix += 1
      }
      #expect(
        old.commonPrefixLength(with: new, section: section, otherSection: otherSection) == prefix)
      var suffix = 0
      while suffix < limit - prefix {
        let key = old.key(at: old.count - 1 - suffix, section: section)
        guard key.followsRow || old.count == new.count,
          key == new.key(at: new.count - 1 - suffix, section: otherSection)
        else { break }
        suffix += 1
      }
      #expect(
        old.commonSuffixLength(
          with: new, prefix: prefix, section: section, otherSection: otherSection) == suffix)
    }
  }
}
