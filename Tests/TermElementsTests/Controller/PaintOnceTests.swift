import Synchronization
import TermElementsTestSupport
import Testing

@testable import TermElements

/// How many times each counted row was drawn since the counts were last cleared.
private let drawCounts = Mutex<[Int: Int]>([:])

/// A row of 1 to 4 lines that counts its draws.
private enum CountedRow: ElementView {
  static func height(of number: Int, styles: Style, width: Int) -> Int { 1 + number * 7 % 4 }

  static func draw(_ number: Int, styles: Style, in canvas: inout Canvas) {
    drawCounts.withLock { $0[number, default: 0] += 1 }
    canvas.write("r\(number)", at: .zero, style: styles)
  }
}

/// A frame is measured first, then painted once: no row is drawn twice in one frame, however
/// its height differs from the estimate.
@MainActor
@Suite("Measure, then paint once")
struct PaintOnceTests {
  @Test("Rows of 1 to 4 lines, random keys and sizes: each row is drawn at most once a frame")
  func eachRowOnce() {
    var random = SeededRandom(seed: 20_261_126)
    var frames = 0
    var twice: [String] = []
    while frames < 4_800 {
      let rows = (0..<random.int(1...2_000)).map { number in
        Row(ElementOf<CountedRow>(props: number), id: RowID(number), separatorStyle: .none)
      }
      let controller = TableModelController(table: Table(rows: rows))
      var screen = Screen(width: random.int(1...60), height: random.int(2...40))
      for _ in 0..<100 {
        if random.chance(0.1) {
          screen = Screen(width: random.int(1...60), height: random.int(2...40))
        } else {
          let key = random.pick([Key.down, .up, .pageDown, .pageUp, .home, .end])
          controller.handle(.key(key))
        }
        drawCounts.withLock { $0 = [:] }
        controller.render(into: &screen)
        frames += 1
        let most = drawCounts.withLock { $0.values.max() ?? 0 }
        if most > 1 { twice.append("frame \(frames) at \(screen.width)x\(screen.height)") }
      }
    }
    #expect(twice.isEmpty, "\(twice.count) frames drew a row twice: \(twice.prefix(5))")
  }
}
