import TermElementsTestSupport
import Testing

@testable import TermElements

/// A style with or without colours, and attributes among all 8 bits.
func randomStyle(_ random: inout SeededRandom) -> Style {
  let color = { (random: inout SeededRandom) -> Color? in
    random.chance(0.4) ? nil : .palette(UInt8(random.int(0...255)))
  }
  let attributes = { (random: inout SeededRandom) -> TextAttributes in
    TextAttributes(rawValue: UInt8(random.chance(0.7) ? random.int(0...15) : random.int(0...255)))
  }
  return Style(
    foreground: color(&random), background: color(&random), attributes: attributes(&random),
    monochrome: attributes(&random))
}

@Suite("Label storage")
struct LabelStorageTests {
  @Test("Label styles take one word, so that a label element fits an Element inline")
  func size() {
    #expect(MemoryLayout<Label.Styles>.size == 8)
    // An existential holds up to three words without a heap allocation of its own.
    #expect(MemoryLayout<ElementOf<Label>>.size <= 3 * MemoryLayout<Int>.size)
  }

  @Test("A style survives being packed into its bits and back")
  func styleBits() {
    var random = SeededRandom(seed: 34)
    for _ in 0..<2_000 {
      let style = randomStyle(&random)
      let back = Style(bits: style.bits)
      #expect(back == style)
      #expect(back.foreground == style.foreground && back.background == style.background)
      #expect(back.attributes == style.attributes && back.monochrome == style.monochrome)
    }
  }

  @Test("Each label style reads back as set, whatever the others are")
  func labelStylesRoundTrip() {
    var random = SeededRandom(seed: 8)
    for _ in 0..<2_000 {
      let style = randomStyle(&random)
      let alignment = random.pick([TextAlignment.left, .center, .right])
      let lines = random.pick([0, 1, 2, 7, -1, -5, 1 << 20, Label.Styles.maxNumberOfLines])
      let mode = random.pick([LineBreakMode.wordWrap, .truncateTail])
      var styles = Label.Styles()
      styles.numberOfLines = random.int(-100...100)
      styles.style = randomStyle(&random)
      styles.numberOfLines = lines
      styles.alignment = alignment
      styles.lineBreakMode = mode
      styles.style = style
      #expect(styles.style == style && styles.style.attributes == style.attributes)
      #expect(styles.style.monochrome == style.monochrome)
      #expect(styles.alignment == alignment)
      #expect(styles.numberOfLines == lines)
      #expect(styles.lineBreakMode == mode)
    }
    let plain = Label.Styles()
    #expect(plain.style == .plain && plain.alignment == .left)
    #expect(plain.numberOfLines == 0 && plain.lineBreakMode == .wordWrap)
  }

  @Test("A label's line limit beyond 2^26 - 1 either way is kept as that limit")
  func labelLineLimitIsClamped() {
    var styles = Label.Styles()
    styles.numberOfLines = Int.max
    #expect(styles.numberOfLines == Label.Styles.maxNumberOfLines)
    styles.numberOfLines = Int.min
    #expect(styles.numberOfLines == -Label.Styles.maxNumberOfLines)
    #expect(Label.Styles.maxNumberOfLines == 67_108_863)
  }

  @Test("An element of a label gives the label back as its base, and compares as the label")
  func labelElementBase() {
    let label = ElementOfLabel(props: "Ada").styles { $0.numberOfLines = 1 }
    let element = Element(label)
    #expect(element.base as? ElementOf<Label> == label)
    #expect(element.base is ElementOf<Label>)
    #expect(Element(element) == element)
    #expect(label.element == element)
    let existential: any ElementRepresentable = label
    #expect(Element(existential) == element)
    #expect(element != Element(ElementOfLabel(props: "Ada")))
    #expect(element != Element(ElementOf<Badge>(props: 1)))
    #expect(Element(ElementOf<Badge>(props: 1)).base as? ElementOf<Badge> == ElementOf(props: 1))
    #expect(element.height(forWidth: 2) == 1 && element.preferredWidth == 3)
  }
}
