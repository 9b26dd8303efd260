import Testing

@testable import TermElements

@Suite("Styles and colours")
struct StyleTests {
  // MARK: Laying styles over each other

  @Test("Colours set on the top style win over the base's")
  func overColoursWin() {
    let base = Style(foreground: .red, background: .blue)
    let top = Style(foreground: .white)
    #expect(top.over(base) == Style(foreground: .white, background: .blue))
    #expect(
      Style(background: .palette(60)).over(base)
        == Style(foreground: .red, background: .palette(60)))
  }

  @Test("Attributes and monochrome attributes of both styles add up")
  func overAttributesAddUp() {
    let base = Style(attributes: .bold, monochrome: .underline)
    let top = Style(attributes: [.reverse, .bold], monochrome: .reverse)
    let laid = top.over(base)
    #expect(laid.attributes == [.bold, .reverse])
    #expect(laid.monochrome == [.underline, .reverse])
  }

  @Test("The plain style changes nothing, whichever side it is on")
  func plainIsNeutral() {
    let style = Style(foreground: .green, background: .black, attributes: .dim, monochrome: .bold)
    #expect(Style.plain.over(style) == style)
    #expect(style.over(.plain) == style)
    #expect(Style.plain.over(.plain) == .plain)
  }

  // MARK: Degrading styles

  @Test("A style without colours looks the same at every colour depth")
  func colourlessStyleAtEveryDepth() {
    let style = Style(attributes: [.bold, .underline], monochrome: .reverse)
    for depth in ColorDepth.allCases {
      let degraded = style.degraded(to: depth)
      #expect(degraded.foreground == nil, "\(depth)")
      #expect(degraded.background == nil, "\(depth)")
      #expect(degraded.attributes == [.bold, .underline], "\(depth)")
    }
  }

  @Test("A monochrome terminal drops colours and adds the monochrome attributes instead")
  func monochromeAddsAttributesForColours() {
    let selection = Style(background: .blue, attributes: .bold, monochrome: .reverse)
    #expect(selection.degraded(to: .monochrome) == Style(attributes: [.bold, .reverse]))
    let text = Style(foreground: .palette(214), monochrome: .underline)
    #expect(text.degraded(to: .monochrome) == Style(attributes: .underline))
  }

  @Test("A monochrome terminal ignores the monochrome attributes of a style without colours")
  func monochromeWithoutColours() {
    let style = Style(attributes: .dim, monochrome: .reverse)
    #expect(style.degraded(to: .monochrome) == Style(attributes: .dim))
  }

  @Test("Colour terminals degrade each colour and keep the attributes")
  func colourDepthsDegradeColours() {
    let style = Style(
      foreground: .palette(196), background: .brightBlue, attributes: .bold, monochrome: .reverse)
    #expect(
      style.degraded(to: .palette256)
        == Style(
          foreground: .palette(196), background: .brightBlue, attributes: .bold,
          monochrome: .reverse))
    #expect(
      style.degraded(to: .ansi16)
        == Style(
          foreground: .brightRed, background: .brightBlue, attributes: .bold, monochrome: .reverse))
    #expect(
      style.degraded(to: .ansi8)
        == Style(foreground: .red, background: .blue, attributes: .bold, monochrome: .reverse))
  }

  @Test("Degrading is stable: a degraded style degrades to itself")
  func degradingIsIdempotent() {
    let style = Style(foreground: .palette(33), background: .palette(250), monochrome: .reverse)
    for depth in ColorDepth.allCases {
      let once = style.degraded(to: depth)
      #expect(once.degraded(to: depth) == once, "\(depth)")
    }
  }

  // MARK: Degrading colours

  @Test("Palette 196 becomes bright red on a 16-colour terminal")
  func palette196ToBrightRed() {
    #expect(Color.palette(196).degraded(to: .ansi16) == .brightRed)
  }

  @Test("Bright red becomes red on an 8-colour terminal")
  func brightRedToRed() {
    #expect(Color.brightRed.degraded(to: .ansi8) == .red)
    #expect(Color.palette(196).degraded(to: .ansi8) == .red)
  }

  @Test("Palette 232, the darkest grey, becomes black")
  func palette232ToBlack() {
    #expect(Color.palette(232).degraded(to: .ansi16) == .black)
    #expect(Color.palette(232).degraded(to: .ansi8) == .black)
  }

  @Test("Palette 231, white in the colour cube, becomes bright white")
  func palette231ToBrightWhite() {
    #expect(Color.palette(231).degraded(to: .ansi16) == .brightWhite)
    #expect(Color.palette(231).degraded(to: .ansi8) == .white)
  }

  @Test("Pure blue in the colour cube becomes blue")
  func palette21ToBlue() {
    #expect(Color.palette(21).degraded(to: .ansi16) == .blue)
  }

  @Test("Every colour disappears on a monochrome terminal")
  func monochromeDropsColours() {
    for colour in Color.named + [.palette(0), .palette(100), .palette(255)] {
      #expect(colour.degraded(to: .monochrome) == nil, "\(colour)")
    }
  }

  @Test("A 256-colour terminal keeps palette colours and names the first 16")
  func palette256KeepsColours() {
    #expect(Color.palette(200).degraded(to: .palette256) == .palette(200))
    #expect(Color.palette(9).degraded(to: .palette256) == .brightRed)
    #expect(Color.palette(0).degraded(to: .palette256) == .black)
    for colour in Color.named {
      #expect(colour.degraded(to: .palette256) == colour)
    }
  }

  @Test("Named colours stay themselves on a 16-colour terminal and lose brightness on 8")
  func namedColours() {
    for (index, colour) in Color.named.enumerated() {
      #expect(colour.paletteIndex == index)
      #expect(colour.degraded(to: .ansi16) == colour)
      #expect(colour.degraded(to: .ansi8) == Color.named[index % 8])
    }
  }

  @Test("Every palette entry degrades to a named colour of the right range")
  func everyPaletteEntry() {
    for index in 0...255 {
      let colour = Color.palette(UInt8(index))
      let sixteen = colour.degraded(to: .ansi16)
      let eight = colour.degraded(to: .ansi8)
      #expect(sixteen.map { $0.paletteIndex < 16 } == true, "\(index)")
      #expect(eight.map { $0.paletteIndex < 8 } == true, "\(index)")
    }
  }

  // MARK: Colour depth

  @Test("A colour count gives the depth a terminal supports")
  func depthFromColourCount() {
    #expect(ColorDepth(colorCount: -1) == .monochrome)
    #expect(ColorDepth(colorCount: 0) == .monochrome)
    #expect(ColorDepth(colorCount: 2) == .monochrome)
    #expect(ColorDepth(colorCount: 7) == .monochrome)
    #expect(ColorDepth(colorCount: 8) == .ansi8)
    #expect(ColorDepth(colorCount: 15) == .ansi8)
    #expect(ColorDepth(colorCount: 16) == .ansi16)
    #expect(ColorDepth(colorCount: 88) == .ansi16)
    #expect(ColorDepth(colorCount: 255) == .ansi16)
    #expect(ColorDepth(colorCount: 256) == .palette256)
    #expect(ColorDepth(colorCount: 16_777_216) == .palette256)
  }

  @Test("Depths are ordered from fewest to most colours")
  func depthOrder() {
    #expect(ColorDepth.allCases.sorted() == [.monochrome, .ansi8, .ansi16, .palette256])
    #expect(ColorDepth.monochrome < .ansi8)
    #expect(ColorDepth.ansi16 < .palette256)
    #expect(!(ColorDepth.palette256 < .ansi16))
  }
}
