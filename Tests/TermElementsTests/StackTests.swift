import Testing

@testable import TermElements

/// A label element, whose preferred width is its text's.
private func stackTestLabel(_ text: String) -> Element {
  ElementOfLabel(props: text).element
}

/// Flexible space, which has no preferred width.
private func stackTestSpace() -> Element {
  FlexibleSpace().element
}

/// The columns of each child of a horizontal stack `width` wide.
private func stackTestWidths(
  _ distribution: StackDistribution, spacing: Int = 0, width: Int, _ children: [Element]
) -> [Int] {
  Stack.columnWidths(
    of: StackProps(
      axis: .horizontal, distribution: distribution, spacing: spacing, children: children),
    width: width)
}

/// A view as many lines tall as it is wide, preferring `props` columns.
private enum StackTestSquare: ElementView {
  static func height(of props: Int, styles: Style, width: Int) -> Int { width }
  static func preferredWidth(of props: Int, styles: Style) -> Int? { props }
  static func draw(_ props: Int, styles: Style, in canvas: inout Canvas) {}
}

@Suite("Stacks")
struct StackTests {
  // MARK: Fill

  @Test("Fill gives a flexible child the room the others leave")
  func fillWithFlexibleChild() {
    let children = [stackTestLabel("abc"), stackTestSpace(), stackTestLabel("de")]
    #expect(stackTestWidths(.fill, width: 20, children) == [3, 15, 2])
    #expect(stackTestWidths(.fill, spacing: 1, width: 20, children) == [3, 13, 2])
  }

  @Test("Fill shares the room left between flexible children, the first ones first")
  func fillWithTwoFlexibleChildren() {
    let children = [stackTestSpace(), stackTestLabel("ab"), stackTestSpace()]
    #expect(stackTestWidths(.fill, width: 15, children) == [7, 2, 6])
    #expect(stackTestWidths(.fill, width: 16, children) == [7, 2, 7])
  }

  @Test("Fill without a flexible child gives the room left to the last child")
  func fillWithoutFlexibleChild() {
    let children = [stackTestLabel("abc"), stackTestLabel("de")]
    #expect(stackTestWidths(.fill, width: 10, children) == [3, 7])
    #expect(stackTestWidths(.fill, spacing: 2, width: 10, children) == [3, 5])
    #expect(stackTestWidths(.fill, width: 5, children) == [3, 2])
  }

  @Test("When room is short the widest children are cut first")
  func shrinkCutsWidestFirst() {
    let children = [stackTestLabel("0123456789"), stackTestLabel("abcd"), stackTestLabel("xy")]
    #expect(stackTestWidths(.fill, width: 13, children) == [7, 4, 2])
    #expect(stackTestWidths(.fill, width: 12, children) == [6, 4, 2])
    #expect(stackTestWidths(.fill, width: 10, children) == [4, 4, 2])
    #expect(stackTestWidths(.fill, width: 9, children) == [4, 3, 2])
    #expect(stackTestWidths(.fill, width: 7, children) == [3, 2, 2])
    #expect(stackTestWidths(.fill, width: 3, children) == [1, 1, 1])
    #expect(stackTestWidths(.fill, width: 0, children) == [0, 0, 0])
  }

  @Test("Cutting counts the spacing, and flexible children get nothing")
  func shrinkWithSpacingAndFlexibleChild() {
    let labels = [stackTestLabel("0123456789"), stackTestLabel("abcd")]
    #expect(stackTestWidths(.fill, spacing: 2, width: 10, labels) == [4, 4])
    let withSpace = [stackTestSpace(), stackTestLabel("0123456789")]
    #expect(stackTestWidths(.fill, width: 6, withSpace) == [0, 6])
  }

  @Test("Widths under fill always add up to the room")
  func fillUsesAllTheRoom() {
    let children = [stackTestLabel("0123456789"), stackTestLabel("abcd"), stackTestLabel("xy")]
    for width in 0...30 {
      let widths = stackTestWidths(.fill, spacing: 1, width: width, children)
      #expect(widths.reduce(0, +) == max(0, width - 2), "width \(width)")
    }
  }

  // MARK: Other distributions

  @Test("Fill equally gives every child the same room, extra columns to the first")
  func fillEqually() {
    let children = [stackTestLabel("a"), stackTestLabel("bbbbbbbb"), stackTestSpace()]
    #expect(stackTestWidths(.fillEqually, width: 9, children) == [3, 3, 3])
    #expect(stackTestWidths(.fillEqually, width: 10, children) == [4, 3, 3])
    #expect(stackTestWidths(.fillEqually, spacing: 1, width: 10, children) == [3, 3, 2])
  }

  @Test("Fill proportionally shares room by preferred width, the remainder to the last")
  func fillProportionally() {
    let children = [stackTestLabel("ab"), stackTestLabel("abcdef")]
    #expect(stackTestWidths(.fillProportionally, width: 16, children) == [4, 12])
    #expect(stackTestWidths(.fillProportionally, width: 10, children) == [2, 8])
    #expect(stackTestWidths(.fillProportionally, spacing: 2, width: 10, children) == [2, 6])
  }

  @Test("Fill proportionally counts a flexible child as one column")
  func fillProportionallyWithFlexibleChild() {
    let children = [stackTestSpace(), stackTestLabel("abc")]
    #expect(stackTestWidths(.fillProportionally, width: 8, children) == [2, 6])
  }

  @Test("Equal spacing gives children their preferred widths and spreads the rest between them")
  func equalSpacing() {
    let children = [stackTestLabel("ab"), stackTestLabel("cd"), stackTestLabel("ef")]
    #expect(stackTestWidths(.equalSpacing, width: 20, children) == [2, 2, 2])
    let props = StackProps(axis: .horizontal, distribution: .equalSpacing, children: children)
    let frames = Stack.frames(of: props, in: Size(width: 20, height: 1))
    #expect(frames.map(\.rect.x) == [0, 9, 18])
    let odd = Stack.frames(of: props, in: Size(width: 21, height: 1))
    #expect(odd.map(\.rect.x) == [0, 10, 19])
  }

  @Test("Equal spacing gives a flexible child nothing and still cuts when short")
  func equalSpacingFlexibleAndShort() {
    let children = [stackTestLabel("abcdef"), stackTestSpace(), stackTestLabel("xy")]
    #expect(stackTestWidths(.equalSpacing, width: 20, children) == [6, 0, 2])
    #expect(stackTestWidths(.equalSpacing, width: 6, children) == [4, 0, 2])
  }

  @Test("A stack with no children has no widths")
  func noChildren() {
    for distribution in [StackDistribution.fill, .fillEqually, .fillProportionally, .equalSpacing] {
      #expect(stackTestWidths(distribution, width: 10, []).isEmpty)
    }
  }

  // MARK: Heights

  @Test("A horizontal stack is as tall as its tallest child at its width")
  func horizontalHeight() {
    let stack = HorizontalStack(
      spacing: 1, [stackTestLabel("hello world"), stackTestLabel("ok")])
    // At 9 columns the children get 6 and 2: "hello world" wraps onto two lines.
    #expect(stack.height(forWidth: 9) == 2)
    #expect(stack.height(forWidth: 14) == 1)
    #expect(stack.height(forWidth: 40) == 1)
  }

  @Test("A horizontal stack of flexible space has no height")
  func horizontalHeightOfSpace() {
    #expect(HorizontalStack([stackTestSpace()]).height(forWidth: 10) == 0)
    #expect(HorizontalStack([Element]()).height(forWidth: 10) == 0)
  }

  @Test("A vertical stack is as tall as its children and the spacing between them")
  func verticalHeight() {
    let stack = VerticalStack(
      spacing: 1, [stackTestLabel("hello world"), stackTestLabel("ok"), stackTestSpace()])
    #expect(stack.height(forWidth: 6) == 2 + 1 + 0 + 2)
    #expect(stack.height(forWidth: 20) == 1 + 1 + 0 + 2)
    #expect(VerticalStack([Element]()).height(forWidth: 10) == 0)
    #expect(VerticalStack(spacing: 3, [stackTestLabel("a")]).height(forWidth: 10) == 1)
  }

  @Test("A vertical stack measures a child that does not fill the width at its preferred width")
  func verticalHeightWithAlignment() {
    let children = [ElementOf<StackTestSquare>(props: 3).element, stackTestLabel("xy")]
    #expect(VerticalStack(align: .fill, children).height(forWidth: 10) == 10 + 1)
    #expect(VerticalStack(align: .leading, children).height(forWidth: 10) == 3 + 1)
    #expect(VerticalStack(align: .center, children).height(forWidth: 10) == 3 + 1)
    #expect(VerticalStack(align: .leading, children).height(forWidth: 2) == 2 + 1)
  }

  @Test("Nested stacks add up their heights")
  func nestedHeight() {
    let row = HorizontalStack(
      spacing: 1, [stackTestLabel("name"), stackTestLabel("one two three")])
    let stack = VerticalStack([row.element, stackTestLabel("footer")])
    // 20 columns: "name" gets 4, the rest 15, so everything fits on one line each.
    #expect(stack.height(forWidth: 20) == 2)
    // 10 columns: "name" keeps 4, "one two three" gets 5 and wraps onto three lines.
    #expect(stack.height(forWidth: 10) == 4)
  }

  @Test("A horizontal stack prefers the sum of its children's widths and spacing")
  func preferredWidth() {
    #expect(
      HorizontalStack(spacing: 2, [stackTestLabel("ab"), stackTestLabel("cde")]).preferredWidth == 7
    )
    #expect(
      VerticalStack(spacing: 2, [stackTestLabel("ab"), stackTestLabel("cde")]).preferredWidth == 3)
    #expect(HorizontalStack([stackTestLabel("ab"), stackTestSpace()]).preferredWidth == nil)
  }
}
