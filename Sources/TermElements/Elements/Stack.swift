/// Elements side by side or one above another: ViewElements' component stacks.
///
/// Make stacks with ``HorizontalStack(distribute:align:spacing:_:)-(_,_,_,Child)``
/// and ``VerticalStack(distribute:align:spacing:_:)-(_,_,_,Child)``, or their
/// forms that take an array of ``Element``s.
public enum Stack: ElementView {
  /// The stack's props.
  public typealias Props = StackProps

  /// Lines the stack needs at `width`: the tallest child side by side, or the sum one above another.
  public static func height(of props: StackProps, styles: Style, width: Int) -> Int {
    switch props.axis {
    case .horizontal:
      let widths = columnWidths(of: props, width: width)
      return zip(props.children, widths).map { $0.height(forWidth: $1) }.max() ?? 0
    case .vertical:
      return naturalHeights(of: props, width: width).reduce(0, +) + totalSpacing(of: props)
    }
  }

  /// The children's preferred widths along the axis, or `nil` when any child is flexible.
  public static func preferredWidth(of props: StackProps, styles: Style) -> Int? {
    var total = 0
    for child in props.children {
      guard let width = child.preferredWidth else { return nil }
      total = props.axis == .horizontal ? total + width : max(total, width)
    }
    return props.axis == .horizontal ? total + totalSpacing(of: props) : total
  }

  /// Lays the children out in the canvas and draws them.
  public static func draw(_ props: StackProps, styles: Style, in canvas: inout Canvas) {
    canvas.context.baseStyle = styles.over(canvas.context.baseStyle)
    for frame in frames(of: props, in: canvas.size) {
      canvas.draw(in: frame.rect) { frame.element.draw(in: &$0) }
    }
  }

  /// Where each child goes in a stack of `size`.
  static func frames(of props: StackProps, in size: Size) -> [(element: Element, rect: Rect)] {
    switch props.axis {
    case .horizontal:
      let widths = columnWidths(of: props, width: size.width)
      var x = 0
      var frames: [(Element, Rect)] = []
      for (index, child) in props.children.enumerated() {
        let height = child.height(forWidth: widths[index])
        let (y, h) = place(height, in: size.height, alignment: props.alignment)
        frames.append((child, Rect(x: x, y: y, width: widths[index], height: h)))
        x += widths[index] + gap(after: index, of: props, width: size.width, widths: widths)
      }
      return frames
    case .vertical:
      let heights = lineHeights(of: props, height: size.height, width: size.width)
      var y = 0
      var frames: [(Element, Rect)] = []
      for (index, child) in props.children.enumerated() {
        let preferred = min(child.preferredWidth ?? size.width, size.width)
        let (x, w) = place(preferred, in: size.width, alignment: props.alignment)
        frames.append((child, Rect(x: x, y: y, width: w, height: heights[index])))
        y += heights[index] + props.spacing
      }
      return frames
    }
  }

  /// Spacing between all the children.
  private static func totalSpacing(of props: StackProps) -> Int {
    max(0, props.children.count - 1) * props.spacing
  }

  /// Offset and length of a child of `length` across the stack, in `room`.
  private static func place(_ length: Int, in room: Int, alignment: StackAlignment) -> (Int, Int) {
    let length = min(length, room)
    switch alignment {
    case .fill: return (0, room)
    case .leading: return (0, length)
    case .center: return ((room - length) / 2, length)
    case .trailing: return (room - length, length)
    }
  }

  /// Columns after child `index` of a horizontal stack: the spacing, plus a share of the room
  /// left over when the distribution spaces the children out.
  private static func gap(after index: Int, of props: StackProps, width: Int, widths: [Int]) -> Int
  {
    let gaps = props.children.count - 1
    guard index < gaps else { return 0 }
    guard props.distribution == .equalSpacing else { return props.spacing }
    let free = max(0, width - widths.reduce(0, +) - totalSpacing(of: props))
    return props.spacing + free / gaps + (index < free % gaps ? 1 : 0)
  }

  /// Each child's columns in a horizontal stack `width` wide.
  static func columnWidths(of props: StackProps, width: Int) -> [Int] {
    let children = props.children
    guard !children.isEmpty else { return [] }
    let room = max(0, width - totalSpacing(of: props))
    switch props.distribution {
    case .fillEqually:
      return share(room, among: children.count)
    case .fillProportionally:
      let preferred = children.map { max(1, $0.preferredWidth ?? 1) }
      let total = preferred.reduce(0, +)
      var widths = preferred.map { $0 * room / total }
      widths[widths.count - 1] += room - widths.reduce(0, +)
      return widths
    case .fill, .equalSpacing:
      let preferred = children.map(\.preferredWidth)
      var widths = shrink(preferred.map { $0 ?? 0 }, toFit: room)
      let flexible = preferred.indices.filter { preferred[$0] == nil }
      let free = room - widths.reduce(0, +)
      if free > 0 && props.distribution == .fill {
        if flexible.isEmpty {
          widths[widths.count - 1] += free
        } else {
          for (slot, extra) in zip(flexible, share(free, among: flexible.count)) {
            widths[slot] += extra
          }
        }
      }
      return widths
    }
  }

  /// Lengths cut, widest first, until they add up to no more than `room`.
  private static func shrink(_ lengths: [Int], toFit room: Int) -> [Int] {
    guard lengths.reduce(0, +) > room else { return lengths }
    // The largest cap such that the lengths, each limited to it, fit.
    var low = 0
    var high = lengths.max() ?? 0
    while low < high {
      let cap = (low + high + 1) / 2
      if lengths.reduce(0, { $0 + min($1, cap) }) <= room { low = cap } else { high = cap - 1 }
    }
    var capped = lengths.map { min($0, low) }
    var spare = room - capped.reduce(0, +)
    for index in capped.indices where spare > 0 && lengths[index] > low {
      capped[index] += 1
      spare -= 1
    }
    return capped
  }

  /// `total` split into `parts` lengths that differ by at most one, the longer ones first.
  private static func share(_ total: Int, among parts: Int) -> [Int] {
    (0..<parts).map { total / parts + ($0 < total % parts ? 1 : 0) }
  }

  /// The lines each child of a vertical stack needs at `width`.
  private static func naturalHeights(of props: StackProps, width: Int) -> [Int] {
    props.children.map { child in
      let childWidth =
        props.alignment == .fill ? width : min(child.preferredWidth ?? width, width)
      return child.height(forWidth: childWidth)
    }
  }

  /// Each child's lines in a vertical stack `height` high: spare lines go to flexible space, or
  /// to the last child when there is none; missing lines are taken from the bottom.
  private static func lineHeights(of props: StackProps, height: Int, width: Int) -> [Int] {
    var heights = naturalHeights(of: props, width: width)
    guard !heights.isEmpty else { return [] }
    var free = height - heights.reduce(0, +) - totalSpacing(of: props)
    if free > 0 {
      let flexible = props.children.indices.filter {
        props.children[$0].base is ElementOf<EmptyView>
      }
      let targets = flexible.isEmpty ? [heights.count - 1] : flexible
      for (slot, extra) in zip(targets, share(free, among: targets.count)) {
        heights[slot] += extra
      }
    }
    var index = heights.count - 1
    while free < 0 && index >= 0 {
      let cut = min(heights[index], -free)
      heights[index] -= cut
      free += cut
      index -= 1
    }
    return heights
  }
}

/// What a stack holds and how it lays its children out.
public struct StackProps: Equatable, Sendable {
  /// The direction children follow.
  package enum Axis: Equatable, Sendable {
    /// Left to right.
    case horizontal
    /// Top to bottom.
    case vertical
  }

  /// The direction children follow.
  package var axis: Axis
  /// How room along the axis is shared.
  package var distribution: StackDistribution
  /// Where children sit across the axis.
  package var alignment: StackAlignment
  /// Cells between neighbouring children.
  package var spacing: Int
  /// The children, in order.
  package var children: [Element]

  /// Makes stack props.
  package init(
    axis: Axis, distribution: StackDistribution = .fill, alignment: StackAlignment = .fill,
    spacing: Int = 0, children: [Element]
  ) {
    self.axis = axis
    self.distribution = distribution
    self.alignment = alignment
    self.spacing = max(0, spacing)
    self.children = children
  }
}

/// How a stack shares room along its axis, as UIStackView's distributions.
public enum StackDistribution: Equatable, Sendable {
  /// Children get their preferred size; flexible ones, or else the last, take what is left.
  /// When room is short, the widest children are cut first.
  case fill
  /// Every child gets the same room.
  case fillEqually
  /// Room is shared in proportion to the children's preferred sizes.
  case fillProportionally
  /// Children get their preferred size and the room left is spread between them.
  case equalSpacing
}

/// Where a stack's children sit across its axis.
public enum StackAlignment: Equatable, Sendable {
  /// Children fill the stack across its axis.
  case fill
  /// Children sit at the top of a horizontal stack, or the left of a vertical one.
  case leading
  /// Children sit in the middle.
  case center
  /// Children sit at the bottom of a horizontal stack, or the right of a vertical one.
  case trailing
}
