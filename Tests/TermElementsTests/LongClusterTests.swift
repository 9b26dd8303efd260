import Testing

@testable import TermElements

/// A distinct grapheme cluster longer than a cell holds inline: an ideograph with three
/// combining marks, eleven UTF-8 bytes.
private func longCluster(_ number: Int) -> Character {
  var scalars = String.UnicodeScalarView()
  scalars.append(Unicode.Scalar(0x4E00 + UInt32(number / 4_096))!)
  scalars.append(Unicode.Scalar(0x300 + UInt32(number / 64 % 64))!)
  scalars.append(Unicode.Scalar(0x300 + UInt32(number % 64))!)
  scalars.append(Unicode.Scalar(0x20D0)!)
  return Character(String(scalars))
}

@Suite("Long grapheme clusters in cells", .serialized)
struct LongClusterTests {
  @Test("Long clusters read back from the screen, whole")
  func readBack() {
    var screen = Screen(width: 6, height: 1)
    let family: Character = "👨‍👩‍👧‍👦"
    screen.draw { $0.write([Glyph(family, width: 2), Glyph(longCluster(7), width: 2)], at: .zero) }
    #expect(screen[0, 0].character == family)
    #expect(screen[2, 0].character == longCluster(7))
    #expect(screen.lines == ["\(family)\(longCluster(7))  "])
  }

  @Test("300,000 distinct long clusters on a screen keep the table within its bound")
  func boundedOnAScreen() {
    let table = LongClusters.shared
    var screen = Screen(width: 80, height: 24)
    let first = longCluster(0)
    screen.draw { $0.write([Glyph(first, width: 2)], at: .zero) }
    var previousFrame = screen
    for batch in 0..<100 {
      screen.draw { canvas in
        for index in 0..<3_000 {
          let number = 1 + batch * 3_000 + index
          let point = Point(x: 2 + 2 * (index % 39), y: 1 + index % 23)
          canvas.write([Glyph(longCluster(number), width: 2)], at: point)
        }
      }
      if batch == 50 { previousFrame = screen }
    }
    // Other tests may hold a few screens of long clusters at the same time.
    let bound = table.idleCapacity + 2 * screen.cells.count + 64 + 2_000
    #expect(table.size.slots <= bound, "\(table.size)")
    #expect(table.size.clusters <= bound, "\(table.size)")
    // What is on a screen reads back, on the screen and on an older copy of it.
    #expect(screen[0, 0].character == first)
    // Index 2691 is the last of each batch written at (2, 1).
    #expect(screen[2, 1].character == longCluster(1 + 99 * 3_000 + 2_691))
    #expect(previousFrame[2, 1].character == longCluster(1 + 50 * 3_000 + 2_691))
    #expect(previousFrame[0, 0].character == first)
    #expect(screen.line(0).hasPrefix(String(first)))
  }

  @Test("300,000 long clusters in cells kept apart from screens keep the table bounded too")
  func boundedApartFromScreens() {
    let table = LongClusters.shared
    for number in 400_000..<700_000 {
      _ = Cell(longCluster(number), width: 2)
    }
    #expect(table.size.slots <= table.idleCapacity + 10_000, "\(table.size)")
    let recent = Cell(longCluster(699_999), width: 2)
    #expect(recent.character == longCluster(699_999))
  }

  @Test("A reused slot never shows another cluster: an old cell reads back as U+FFFD")
  func reusedSlot() {
    let table = LongClusters(idleCapacity: 2)
    let old = table.number(of: longCluster(1))
    _ = table.number(of: longCluster(2))
    _ = table.number(of: longCluster(3))
    let reused = table.number(of: longCluster(4))
    #expect(table.cluster(old) == "\u{FFFD}")
    #expect(table.cluster(reused) == longCluster(4))
    #expect(old != reused)
    #expect(table.size.slots == 2)
  }

  @Test("A held cluster is kept however many others pass through; let go, it can be reused")
  func leases() {
    let table = LongClusters(idleCapacity: 1)
    var lease: LongClusterLease? = table.lease(holding: [])
    let held = table.number(of: longCluster(1), heldBy: lease!)
    for number in 2..<100 { _ = table.number(of: longCluster(number)) }
    #expect(table.cluster(held) == longCluster(1))
    #expect(table.size.clusters == 2)
    // A copy of a screen that is written to takes a lease of its own.
    var copy: LongClusterLease? = table.lease(holding: [held])
    lease = nil
    #expect(table.cluster(held) == longCluster(1))
    #expect(copy != nil)
    copy = nil
    #expect(table.size.clusters == 1)
    _ = table.number(of: longCluster(200))
    #expect(table.cluster(held) == "\u{FFFD}")
  }

  @Test("Cells of the same long cluster are equal, and cells stay plain data")
  func equality() {
    #expect(Cell(longCluster(5)) == Cell(longCluster(5)))
    #expect(Cell(longCluster(5)) != Cell(longCluster(6)))
    #expect(_isPOD(Cell.self))
  }
}
