import TermElementsTestSupport
import Testing

@testable import TermElements

/// Printable ASCII goes to the screen straight from its bytes; everything it shows and
/// returns must be what the glyph path shows and returns, at every position and width.
@Suite("Canvas: the ASCII path draws what the glyph path draws")
struct CanvasASCIIPathTests {
  /// Draws with `body` into a 12×3 screen, through a canvas of `region` clipped to `clip`.
  private func drawn(
    region: Rect, clip: Rect, _ body: (inout Canvas) -> Int
  ) -> (lines: [String], columns: Int) {
    var screen = Screen(width: 12, height: 3)
    var columns = 0
    screen.draw { whole in
      whole.draw(in: clip) { clipped in
        clipped.draw(
          in: Rect(
            x: region.x - clip.x, y: region.y - clip.y, width: region.width, height: region.height)
        ) {
          columns = body(&$0)
        }
      }
    }
    return (screen.lines, columns)
  }

  @Test("Random text, points, widths and clips: the same cells and the same columns")
  func sameAsGlyphs() {
    var random = SeededRandom(seed: 0xA5C11)
    let alphabet = Array("ab Z~!09 ")
    for _ in 0..<2_000 {
      let text = String(
        (0..<Int.random(in: 0...14, using: &random)).map { _ in
          alphabet.randomElement(using: &random)!
        })
      let point = Point(
        x: Int.random(in: -4...14, using: &random), y: Int.random(in: -1...2, using: &random))
      let width = Int.random(in: -1...16, using: &random)
      let region = Rect(
        x: Int.random(in: 0...6, using: &random), y: Int.random(in: 0...1, using: &random),
        width: Int.random(in: 0...10, using: &random), height: Int.random(in: 1...3, using: &random)
      )
      let clip = Rect(
        x: Int.random(in: 0...4, using: &random), y: 0,
        width: Int.random(in: 2...12, using: &random),
        height: 3)
      let fast = drawn(region: region, clip: clip) {
        $0.write(text, at: point, width: width, style: Style(attributes: .bold))
      }
      let slow = drawn(region: region, clip: clip) {
        let shown = TextLayout.truncate(
          DisplayText.singleLine(of: text), width: max(0, width), ellipsis: "…")
        return $0.write(shown, at: point, style: Style(attributes: .bold))
      }
      #expect(
        fast.lines == slow.lines, "\(text) at \(point) width \(width) in \(region) clip \(clip)")
      #expect(fast.columns == slow.columns, "\(text) at \(point) width \(width)")
      let plain = drawn(region: region, clip: clip) { $0.write(text, at: point) }
      let plainGlyphs = drawn(region: region, clip: clip) {
        $0.write(DisplayText.singleLine(of: text), at: point)
      }
      #expect(plain.lines == plainGlyphs.lines && plain.columns == plainGlyphs.columns)
    }
  }

  @Test("A screen shows the ASCII path's text as the glyph path's")
  func wholeScreen() {
    var screen = Screen(width: 10, height: 2)
    screen.draw { canvas in
      _ = canvas.write("hello world", at: Point(x: 2, y: 0), width: 6)
      _ = canvas.write("ok", at: Point(x: 8, y: 1))
    }
    #expect(screen.lines == ["  hello…  ", "        ok"])
  }
}
