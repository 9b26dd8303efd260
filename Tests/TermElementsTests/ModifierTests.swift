import Testing

@testable import TermElements

/// A label with no room to spare.
private func label(_ text: String) -> ElementOf<Label> { ElementOfLabel(props: text) }

/// A one-row table of `element` with no margins or separator.
private func bare(_ element: some ElementRepresentable, accessory: RowAccessory = .none) -> Table {
  Table(rows: [Row(element, layoutMargins: .zero, separatorStyle: .none, accessory: accessory)])
}

@Suite("Size, padding and alignment modifiers, and row accessories")
struct ModifierTests {
  @Test("A fixed width cuts or pads; alignment places the content in it")
  func fixedWidth() {
    let stack = HorizontalStack(
      spacing: 1, label("7").frame(width: 4, alignment: .trailing), label("Inbox"),
      label("x").frame(width: 3, alignment: .center), label("longer").frame(width: 4))
    // The label wraps in its four columns, so the row is two lines tall.
    expectScreen(
      render(bare(stack), width: 20, height: 2), ["   7 Inbox  x  long", "               er"])
    #expect(label("7").frame(width: 4).preferredWidth == 4)
  }

  @Test("A fixed height adds blank lines, or cuts, and aligns down")
  func fixedHeight() {
    expectScreen(
      render(bare(label("mid").frame(height: 3, alignment: .center)), width: 6, height: 3),
      ["", " mid", ""])
    let tall = label("one two three").frame(width: 5, height: 2)
    #expect(tall.height(forWidth: 10) == 2)
    expectScreen(render(bare(tall), width: 8, height: 2), ["one", "two"])
  }

  @Test("Padding adds cells around the content, in its size too")
  func padding() {
    let padded = label("hi").padding(.inset(top: 1, left: 2, bottom: 1, right: 1))
    #expect(padded.preferredWidth == 5)
    #expect(padded.height(forWidth: 10) == 3)
    expectScreen(render(bare(padded), width: 6, height: 3), ["", "  hi", ""])
    expectScreen(render(bare(label("x").padding(1)), width: 3, height: 3), ["", " x", ""])
  }

  @Test("aligned(.center) centres without FlexibleSpace on both sides")
  func centred() {
    expectScreen(
      render(bare(label("Welcome").aligned(.center)), width: 13, height: 1), ["   Welcome"])
    expectScreen(render(bare(label("end").aligned(.trailing)), width: 8, height: 1), ["     end"])
  }

  @Test("A styled frame fills its box: a badge in one expression")
  func badge() {
    let badge = label("AL").frame(width: 4, alignment: .center).styles {
      $0 = Style(foreground: .white, background: .blue)
    }
    let screen = render(
      bare(HorizontalStack(spacing: 1, badge, label("Ada"))), width: 10, height: 1)
    expectScreen(screen, [" AL  Ada"])
    #expect((0..<4).allSatisfy { screen[$0, 0].style.background == .blue })
    #expect(screen[5, 0].style.background == nil)
  }

  @Test("Modifiers never draw outside the space given, at any width down to 0")
  func narrow() {
    let element = label("wide 界 text").padding(2).frame(width: 9, height: 4, alignment: .center)
    for width in 0...12 {
      let screen = render(bare(HorizontalStack(element, label("|"))), width: width, height: 4)
      #expect(screen.lines.allSatisfy { DisplayText.width(of: $0) <= width })
    }
  }

  @Test("Accessories take the last column inside the margins; the content narrows")
  func accessories() {
    let table = Table(rows: [
      Row(label("Settings and more"), separatorStyle: .none, accessory: .disclosureIndicator),
      Row(label("English"), separatorStyle: .none, accessory: .checkmark),
      Row(label("Plain"), separatorStyle: .none),
    ])
    expectScreen(
      render(table, width: 14, height: 4),
      [" Settings   › ", " and more", " English    ✓ ", " Plain"])
    expectScreen(
      render(table, width: 14, height: 4, glyphs: .ascii),
      [" Settings   > ", " and more", " English    x ", " Plain"])
    var row = Row(label("x"))
    #expect(row.accessory == .none)
    row.accessory = .checkmark
    #expect(row.accessory == .checkmark)
    row.accessory = .disclosureIndicator
    #expect(row.accessory == .disclosureIndicator)
    #expect(row != Row(label("x")))
  }

  @Test("An accessory wraps text to the narrower width, and at tiny widths draws nothing")
  func accessoryNarrow() {
    let row = Row(label("one two"), separatorStyle: .none, accessory: .disclosureIndicator)
    #expect(row.height(atWidth: 8) == 2)
    expectScreen(render(Table(rows: [row]), width: 8, height: 2), [" one  › ", " two"])
    for width in 0...4 {
      let screen = render(Table(rows: [row]), width: width, height: 3)
      #expect(screen.lines.allSatisfy { DisplayText.width(of: $0) <= width })
    }
  }
}
