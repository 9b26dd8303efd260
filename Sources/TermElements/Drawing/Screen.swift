/// An in-memory terminal: a grid of cells that painters draw into and tests read back.
///
/// Every method takes any values: a rectangle, a point or a line outside the screen is clipped
/// or read as blank, never a trap, and a screen with no cells works like any other.
///
/// ```swift
/// var screen = Screen(width: 10, height: 1)
/// screen.draw { $0.write("hello", at: .zero) }
/// screen.lines  // ["hello     "]
/// ```
public struct Screen: Sendable {
  /// The most columns or lines a screen has, as many as ncurses can address.
  package static let maximumSide = 32_767
  /// The most cells a screen has: 4096 × 4096, far more than any terminal shows.
  package static let maximumCells = 1 << 24

  /// Columns.
  public let width: Int
  /// Lines.
  public let height: Int
  /// The cells, line by line from the top.
  package private(set) var cells: [Cell]
  /// Whether something drawn since the last ``clear(style:)`` animates, so that the front end
  /// should draw again soon.
  package internal(set) var isAnimated = false
  /// The screen's hold on the long clusters its cells name (see ``LongClusters``).
  private var longClusters: LongClusterLease?
  /// Long clusters written since the lease was last made.
  private var longClusterWrites = 0

  /// Makes a blank screen.
  ///
  /// A negative side is taken as 0 and a side over 32,767 (as many as ncurses can address)
  /// as that; a screen that would have more than 4096 × 4096 cells has fewer lines.
  ///
  /// ```swift
  /// Screen(width: 80, height: -1).size  // Size(width: 80, height: 0)
  /// ```
  public init(width: Int, height: Int) {
    self.width = min(max(0, width), Self.maximumSide)
    let height = min(max(0, height), Self.maximumSide)
    self.height = self.width == 0 ? height : min(height, Self.maximumCells / self.width)
    cells = Array(repeating: .blank, count: self.width * self.height)
  }

  /// The screen's size.
  public var size: Size { Size(width: width, height: height) }

  /// The whole screen as a rectangle.
  package var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

  /// The cell at column `x` of line `y`, or a blank cell outside the screen.
  package subscript(x: Int, y: Int) -> Cell {
    guard x >= 0, x < width, y >= 0, y < height else { return .blank }
    return cells[y * width + x]
  }

  /// The colours and attributes of the cell at column `x` of line `y`, to check how a table
  /// looks; `.plain` outside the screen.
  ///
  /// ```swift
  /// var screen = Screen(width: 4, height: 1)
  /// screen.draw { $0.write("Hi", at: .zero, style: Style(attributes: .bold)) }
  /// screen.style(atX: 0, y: 0).attributes  // .bold
  /// ```
  public func style(atX x: Int, y: Int) -> Style {
    self[x, y].style
  }

  /// Each line as text, padded with spaces to the screen's width in columns.
  public var lines: [String] {
    (0..<height).map(line)
  }

  /// Line `y` as text, padded with spaces to the screen's width in columns; empty for a line
  /// outside the screen.
  package func line(_ y: Int) -> String {
    guard y >= 0, y < height else { return "" }
    var text = ""
    text.reserveCapacity(width)
    for cell in cells[(y * width)..<((y + 1) * width)] where !cell.isContinuation {
      text.append(cell.character)
    }
    return text
  }

  /// Whether a cell may name a long cluster: only a screen that wrote one since it was last
  /// cleared holds a lease on them.
  var hasHeldLongClusters: Bool { longClusters != nil }

  /// Blanks every cell with `style`.
  package mutating func clear(style: Style = .plain) {
    fill(bounds, style: style)
    isAnimated = false
    longClusters = nil
    longClusterWrites = 0
  }

  /// Draws into the whole screen through a canvas.
  @discardableResult
  public mutating func draw<Result>(
    tick: Int = 0, glyphs: GlyphSet = .unicode, _ body: (inout Canvas) throws -> Result
  ) rethrows -> Result {
    try draw(in: bounds, tick: tick, glyphs: glyphs, body)
  }

  /// Draws into one rectangle of the screen through a canvas clipped to it; a rectangle with a
  /// negative side is empty.
  @discardableResult
  public mutating func draw<Result>(
    in rect: Rect, tick: Int = 0, glyphs: GlyphSet = .unicode,
    _ body: (inout Canvas) throws -> Result
  ) rethrows -> Result {
    let context = Canvas.Context(tick: tick, glyphs: glyphs, baseStyle: .plain)
    let frame = Rect(x: rect.x, y: rect.y, width: max(0, rect.width), height: max(0, rect.height))
    var canvas = Canvas(
      screen: Screen(width: 0, height: 0), frame: frame, clip: frame.intersection(bounds),
      context: context)
    swap(&self, &canvas.screen)
    defer { swap(&self, &canvas.screen) }
    return try body(&canvas)
  }

  /// Blanks the cells of `rect` with `style`, mending any wide character cut at its edges.
  mutating func fill(_ rect: Rect, style: Style) {
    let rect = rect.intersection(bounds)
    guard !rect.isEmpty else { return }
    let blank = Cell(ascii: 0x20, style: style)
    for y in rect.y..<rect.maxY {
      let start = y * width
      breakWideCharacter(at: start + rect.x, x: rect.x)
      breakWideCharacter(at: start + rect.maxX - 1, x: rect.maxX - 1)
      cells.withUnsafeMutableBufferPointer { buffer in
        (buffer.baseAddress! + start + rect.x).update(repeating: blank, count: rect.width)
      }
    }
  }

  /// Puts printable ASCII bytes on line `y` from column `x`, all in `style`; the bytes that
  /// fall off the screen are left out. A wide character the run cuts at either end is blanked.
  mutating func putASCII(_ bytes: some Collection<UInt8>, x: Int, y: Int, style: Style) {
    guard y >= 0, y < height else { return }
    let first = max(0, x)
    let end = min(width, x.clampedAdding(bytes.count))
    guard first < end else { return }
    let start = y * width
    // Only the run's ends can cut a wide character: the cells between are all overwritten.
    breakWideCharacter(at: start + first, x: first)
    breakWideCharacter(at: start + end - 1, x: end - 1)
    let look = Cell.look(width: 1, style: style)
    cells.withUnsafeMutableBufferPointer { buffer in
      var index = start + first
      for byte in bytes.dropFirst(first.clampedSubtracting(x)).prefix(end - first) {
        buffer[index] = Cell(ascii: byte, look: look)
        index += 1
      }
    }
  }

  /// Puts a glyph at a cell inside `clip`, keeping wide characters whole: a wide character cut
  /// by the write is blanked, and a wide glyph that would cross `clip` is drawn as a space.
  ///
  /// The glyph must be one printable cell, as ``Canvas`` makes sure; any width other than 2 is
  /// taken as 1.
  mutating func put(_ glyph: Glyph, x: Int, y: Int, style: Style, clip: Rect) {
    let clip = clip.intersection(bounds)
    guard clip.contains(Point(x: x, y: y)) else { return }
    let index = y * width + x
    let isWide = glyph.width == 2
    if isWide && x + 1 >= clip.maxX {
      put(.space, x: x, y: y, style: style, clip: clip)
      return
    }
    breakWideCharacter(at: index, x: x)
    cells[index] = cell(glyph.character, width: isWide ? 2 : 1, style: style)
    if isWide {
      breakWideCharacter(at: index + 1, x: x + 1)
      cells[index + 1] = Cell(ascii: 0x20, style: style)
      cells[index + 1].width = 0
    }
    if longClusterWrites > cells.count + 64 {
      // Let go of the long clusters no longer on the screen.
      longClusters = LongClusters.shared.lease(
        holding: cells.lazy.compactMap(\.longClusterNumber))
      longClusterWrites = 0
    }
  }

  /// Writes `block`, whole lines of cells as ``cells(ofLines:)`` gave them, over the lines from
  /// `line` on; lines outside the screen, or a block of another width, change nothing.
  mutating func replaceLines(from line: Int, with block: [Cell]) {
    guard width > 0, block.count % width == 0, line >= 0,
      line + block.count / width <= height
    else { return }
    let start = line * width
    cells.withUnsafeMutableBufferPointer { target in
      block.withUnsafeBufferPointer { source in
        guard let from = source.baseAddress, let to = target.baseAddress else { return }
        (to + start).update(from: from, count: source.count)
      }
    }
  }

  /// Writes `character` into the cell at column `x` of line `y` exactly as given, with no
  /// check at all: the way to hand the front end a frame no public API can make, to test its
  /// last line of defence.
  package mutating func overwrite(
    _ character: Character, width: UInt8, x: Int, y: Int, style: Style = .plain
  ) {
    guard x >= 0, x < self.width, y >= 0, y < height else { return }
    cells[y * self.width + x] = cell(character, width: width, style: style)
  }

  /// A cell for `character`; a long cluster is held by this screen's lease.
  private mutating func cell(_ character: Character, width: UInt8, style: Style) -> Cell {
    guard Cell.isLong(character) else { return Cell(character, width: width, style: style) }
    if longClusters == nil || !isKnownUniquelyReferenced(&longClusters) {
      // A copy of the screen shares the lease: take one of our own before writing.
      longClusters = LongClusters.shared.lease(
        holding: cells.lazy.compactMap(\.longClusterNumber))
      longClusterWrites = 0
    }
    longClusterWrites += 1
    let packed = LongClusters.shared.number(of: character, heldBy: longClusters!)
    return Cell(packed: packed, width: width, style: style)
  }

  /// Blanks whatever half of a wide character remains when the cell at `index` is overwritten.
  private mutating func breakWideCharacter(at index: Int, x: Int) {
    let cell = cells[index]
    if cell.width == 0 && x > 0 {
      cells[index - 1] = Cell(ascii: 0x20, style: cells[index - 1].style)
    } else if cell.width == 2 && x + 1 < width {
      cells[index + 1] = Cell(ascii: 0x20, style: cells[index + 1].style)
    }
  }
}

extension Screen: Equatable {
  /// Whether two screens have the same size, cells and animation flag.
  public static func == (lhs: Screen, rhs: Screen) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.isAnimated == rhs.isAnimated
      && lhs.cells == rhs.cells
  }
}
