import CNcursesw
import Glibc
import TermElements

/// A terminal driven through ncurses: it shows `Screen` frames and reads input.
///
/// Frames are copied into ncurses' virtual screen line by line, only the lines that changed,
/// and sent with one `doupdate()`, so ncurses' own scroll optimisation keeps a one-line scroll
/// to about a hundred bytes. Whatever a frame holds, no control character reaches the
/// terminal: a cell the terminal must not be sent is drawn as a `?` with reverse video
/// switched. The terminal is set up as the brief says: `setlocale` first, then `newterm` with
/// cbreak, noecho, keypad, a hidden cursor, default colours and the mouse.
///
/// ```swift
/// let terminal = try CursesScreen()
/// defer { terminal.restore() }
/// terminal.draw(screen)
/// ```
public final class CursesScreen {
  /// The terminal's colours.
  public let colorDepth: ColorDepth
  /// The ncurses screen.
  private let screen: OpaquePointer
  /// The window frames are drawn into.
  let window: UnsafeMutablePointer<WINDOW>
  /// The frame ncurses holds, to copy only the lines that changed.
  /// The cells of the frame on the terminal, a copy of its own (so that the caller's next
  /// frame does not copy its screen on write), and the frame's size; `nil` after a resize or
  /// `invalidate()`.
  private var shown: (size: Size, cells: [Cell])?
  /// Colour pairs made so far, by foreground and background.
  private var pairs: [ColorPairKey: Int32] = [:]
  /// Whether the terminal has been given back.
  public private(set) var isRestored = false
  /// The output stream, when this screen opened it on standard output.
  private let ownedOutput: UnsafeMutablePointer<FILE>?
  /// The stream ncurses writes to.
  private let output: UnsafeMutablePointer<FILE>
  /// The input stream, opened on a duplicate of the input descriptor.
  private let inputFile: UnsafeMutablePointer<FILE>

  /// Takes over the terminal on standard input and output.
  ///
  /// - Throws: ``TerminalError`` when they are not a terminal or `TERM` is unknown; the
  ///   terminal is left untouched then.
  public convenience init() throws {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw TerminalError.notATerminal
    }
    try self.init(terminalType: nil, output: nil, input: STDIN_FILENO)
  }

  /// Takes over a terminal of `terminalType` (or `TERM`), writing to `output` (or standard
  /// output) and reading from `input`; benchmarks send the output to a file.
  public init(terminalType: String?, output: UnsafeMutablePointer<FILE>?, input: Int32) throws {
    setlocale(LC_ALL, "")
    guard let type = terminalType ?? getenv("TERM").map({ String(cString: $0) }), !type.isEmpty
    else { throw TerminalError.noTerminalType }
    switch te_terminal_known(type) {
    case 1: break
    case 0: throw TerminalError.unknownTerminal(type)
    default: throw TerminalError.noTerminfoDatabase
    }
    guard let inputFile = Self.stream(on: input, mode: "r") else {
      throw TerminalError.cannotStart("cannot open the input")
    }
    guard let outputFile = output ?? Self.stream(on: STDOUT_FILENO, mode: "w") else {
      fclose(inputFile)
      throw TerminalError.cannotStart("cannot open the output")
    }
    guard let screen = newterm(type, outputFile, inputFile) else {
      fclose(inputFile)
      if output == nil { fclose(outputFile) }
      throw TerminalError.cannotStart("newterm failed for '\(type)'")
    }
    self.screen = screen
    self.inputFile = inputFile
    ownedOutput = output == nil ? outputFile : nil
    self.output = outputFile
    set_term(screen)
    window = te_stdscr()
    cbreak()
    noecho()
    nonl()
    intrflush(window, false)
    keypad(window, true)
    nodelay(window, true)
    set_escdelay(25)
    curs_set(0)
    if has_colors() {
      start_color()
      use_default_colors()
      colorDepth = ColorDepth(colorCount: Int(te_colors()))
    } else {
      colorDepth = .monochrome
    }
    let mask =
      te_button1_pressed() | te_button1_released() | te_button1_clicked() | te_button4_pressed()
      | te_button5_pressed()
    mousemask(mask, nil)
    mouseinterval(0)
    te_install_atexit()
    te_set_crash_handlers(1)
  }

  /// A stream on a duplicate of `descriptor`, or `nil` when it cannot be opened.
  private static func stream(
    on descriptor: Int32, mode: String
  ) -> UnsafeMutablePointer<FILE>? {
    let duplicate = dup(descriptor)
    guard duplicate >= 0 else { return nil }
    guard let file = fdopen(duplicate, mode) else {
      close(duplicate)
      return nil
    }
    return file
  }

  /// The terminal's size in cells.
  public var size: Size {
    var lines: Int32 = 0
    var columns: Int32 = 0
    te_getmaxyx(window, &lines, &columns)
    return Size(width: Int(columns), height: Int(lines))
  }

  /// Tells ncurses the terminal is now `size`, after a SIGWINCH; a size without cells is
  /// ignored, since ncurses cannot have a window without any.
  public func resize(to size: Size) {
    if size.width > 0 && size.height > 0 {
      resize_term(Int32(clamping: size.height), Int32(clamping: size.width))
    }
    clearok(curscr_pointer(), true)
    shown = nil
  }

  /// Shows a frame: the lines that changed are copied into ncurses, then one `doupdate()`.
  ///
  /// A frame of another size than the terminal's is cut to it, and the part of the terminal it
  /// does not cover is blanked.
  public func draw(_ frame: Screen) {
    let area = size
    let fits = frame.size == area
    let lines = min(frame.height, area.height)
    let columns = min(frame.width, area.width)
    if fits, var previous = shown, previous.size == frame.size {
      shown = nil
      for y in 0..<lines where !Self.takeLine(y, of: frame, into: &previous.cells) {
        copyLine(y, of: frame, columns: columns, clearingTo: area.width)
      }
      shown = previous
    } else {
      for y in 0..<lines { copyLine(y, of: frame, columns: columns, clearingTo: area.width) }
      shown = fits ? (frame.size, frame.cells.withUnsafeBufferPointer { Array($0) }) : nil
    }
    if lines < area.height {
      wmove(window, Int32(lines), 0)
      wclrtobot(window)
    }
    // The cursor is hidden; parked in the last cell, it is where writing the bottom line to
    // its end leaves it, and a frame never spends bytes moving it.
    if area.height > 0 && area.width > 0 {
      wmove(window, Int32(area.height - 1), Int32(area.width - 1))
    }
    wnoutrefresh(window)
    doupdate()
  }

  /// Writes `sequence`, a control sequence that neither moves the cursor nor draws (an OSC 52
  /// clipboard request), to the terminal as it is, after the frame ncurses has sent.
  package func writeSequence(_ sequence: String) {
    guard !isRestored else { return }
    fputs(sequence, output)
    fflush(output)
  }

  /// Makes the next frame repaint the whole terminal, as after `fg`.
  public func invalidate() {
    clearok(curscr_pointer(), true)
    shown = nil
  }

  /// Reads every key and mouse event waiting, without blocking.
  public func readEvents() -> [InputEvent] {
    var events: [InputEvent] = []
    var character: wint_t = 0
    while true {
      let result = wget_wch(window, &character)
      if result == ERR { break }
      if let event = InputDecoder.event(result: result, code: character, mouse: readMouse) {
        events.append(event)
      }
    }
    return events
  }

  /// Gives the terminal back as it was; safe to call more than once.
  public func restore() {
    guard !isRestored else { return }
    isRestored = true
    curs_set(1)
    endwin()
    delscreen(screen)
    te_set_crash_handlers(0)
    if let ownedOutput { fclose(ownedOutput) }
    fclose(inputFile)
  }

  /// Gives the terminal back, stops the process as Ctrl-Z does, and takes it again on `fg`.
  public func suspend() {
    endwin()
    TerminalSignals.stopProcess()
    refresh()
    invalidate()
  }

  /// The last mouse event, decoded.
  private func readMouse() -> MouseEvent? {
    var event = MEVENT()
    guard getmouse(&event) == OK else { return nil }
    let point = Point(x: Int(event.x), y: Int(event.y))
    let state = event.bstate
    if state & te_button4_pressed() != 0 { return MouseEvent(kind: .wheelUp, at: point) }
    if te_button5_pressed() != 0 && state & te_button5_pressed() != 0 {
      return MouseEvent(kind: .wheelDown, at: point)
    }
    if state & (te_button1_pressed() | te_button1_clicked()) != 0 {
      return MouseEvent(kind: .click, at: point)
    }
    return nil
  }

  /// Copies the first `columns` cells of line `y` of a frame into the window, and blanks the
  /// rest of the line up to column `width`: runs of ASCII in one call, other characters one
  /// cell at a time at their exact column, and trailing blanks with one `wclrtoeol`.
  private func copyLine(_ y: Int, of frame: Screen, columns: Int, clearingTo width: Int) {
    let cleared = withUnsafeTemporaryAllocation(of: CChar.self, capacity: columns + 1) { run in
      withUnsafeTemporaryAllocation(of: chtype.self, capacity: columns) { characters in
        frame.forEachPiece(inLine: y, columns: columns, buffer: run) { piece in
          switch piece {
          case .ascii(let x, let style, let count):
            putASCII(run, count: count, style: style, x: x, y: y, through: characters)
          case .other(let x, let cell):
            putCharacter(cell, x: x, y: y, columns: columns)
          }
        }
      }
    }
    if cleared < width {
      setStyle(.plain)
      wmove(window, Int32(y), Int32(cleared))
      wclrtoeol(window)
    }
  }

  /// Puts `count` printable ASCII bytes of `run`, all in `style`, from column `x` of line `y`.
  ///
  /// With a colour pair that fits a `chtype`, the bytes go in as `chtype`s through
  /// `waddchnstr`, which stores them in the window's cells as they are; `waddnstr` would take
  /// each byte through the multibyte decoder and `wcwidth`, some 300 instructions a byte, to
  /// the same cells. `characters` holds at least `count`.
  private func putASCII(
    _ run: UnsafeMutableBufferPointer<CChar>, count: Int, style: Style, x: Int, y: Int,
    through characters: UnsafeMutableBufferPointer<chtype>
  ) {
    let (attributes, pair) = resolve(style)
    guard pair < 256 else {
      wattr_set(window, attributes, Int16(truncatingIfNeeded: pair), nil)
      mvwaddnstr(window, Int32(y), Int32(x), run.baseAddress!, Int32(count))
      return
    }
    let rendition = chtype(attributes) | chtype(te_color_pair(pair))
    for index in 0..<count {
      characters[index] = chtype(UInt8(bitPattern: run[index])) | rendition
    }
    wmove(window, Int32(y), Int32(x))
    waddchnstr(window, characters.baseAddress!, Int32(count))
  }

  /// Puts one cell that is not printable ASCII at column `x` of line `y`, of which only the
  /// columns before `columns` are shown.
  ///
  /// The character goes to ncurses when the terminal may be sent it and ncurses gives it at
  /// least one column and no more than the frame does; otherwise the ``StandIn`` goes in its
  /// place. A character cut by the right edge is blanked. When ncurses counts the character
  /// narrower than the frame does, the next cell is blanked.
  private func putCharacter(_ cell: Cell, x: Int, y: Int, columns: Int) {
    let frameWidth = cell.width >= 2 ? 2 : 1
    let character = cell.character
    var characters = Self.cellScalars(of: character)
    let width = Int(te_wcwidth(characters[0]))
    guard StandIn.isSendable(character), width >= 1, width <= frameWidth else {
      setStyle(StandIn.style(for: cell.style))
      var standIn = [CChar(bitPattern: StandIn.byte), 0]
      mvwaddnstr(window, Int32(y), Int32(x), &standIn, 1)
      if frameWidth == 2 && x + 1 < columns { putBlank(x: x + 1, y: y, style: cell.style) }
      return
    }
    guard x + width <= columns else {
      putBlank(x: x, y: y, style: cell.style)
      return
    }
    characters.append(0)
    let (attributes, pair) = resolve(cell.style)
    var complex = cchar_t()
    te_setcchar(&complex, characters, attributes, pair)
    mvwadd_wch(window, Int32(y), Int32(x), &complex)
    if width < frameWidth && x + 1 < columns { putBlank(x: x + 1, y: y, style: cell.style) }
  }

  /// The code points of `character` that one ncurses cell holds: the first, then those of no
  /// width after it (combining marks, variation selectors), as many as a `cchar_t` takes.
  ///
  /// A character of several spacing code points (a family emoji joined by zero-width
  /// joiners, a skin tone, a flag) cannot go in one cell: ncurses would keep its first and
  /// the joiner after it, and the joiner, reaching the terminal with nothing to join, glues
  /// the next character the terminal gets, anywhere on the screen, to the cell before it. The
  /// cell shows the first code point alone, with what combines with it.
  static func cellScalars(of character: Character) -> [wchar_t] {
    let scalars = character.unicodeScalars
    var kept = [wchar_t(bitPattern: scalars.first!.value)]
    for scalar in scalars.dropFirst() {
      let code = wchar_t(bitPattern: scalar.value)
      guard kept.count < Int(te_ccharw_max()) - 1, te_wcwidth(code) == 0 else { break }
      kept.append(code)
    }
    // A joiner left with nothing after it to join.
    while kept.count > 1 && kept.last == 0x200D { kept.removeLast() }
    return kept
  }

  /// Puts a space in `style` at column `x` of line `y`.
  private func putBlank(x: Int, y: Int, style: Style) {
    setStyle(style)
    mvwaddnstr(window, Int32(y), Int32(x), " ", 1)
  }

  /// Sets the window's attributes and colours for the next write.
  private func setStyle(_ style: Style) {
    let (attributes, pair) = resolve(style)
    wattr_set(window, attributes, Int16(truncatingIfNeeded: pair), nil)
  }

  /// The ncurses attributes and colour pair for a style, degraded to the terminal's colours.
  private func resolve(_ style: Style) -> (attr_t, Int32) {
    let shown = style.degraded(to: colorDepth)
    var attributes = te_a_normal()
    if shown.attributes.contains(.bold) { attributes |= te_a_bold() }
    if shown.attributes.contains(.dim) { attributes |= te_a_dim() }
    if shown.attributes.contains(.reverse) { attributes |= te_a_reverse() }
    if shown.attributes.contains(.underline) { attributes |= te_a_underline() }
    return (attributes, pair(foreground: shown.foreground, background: shown.background))
  }

  /// The colour pair for two colours, made on first use; 0 when the terminal has no more.
  private func pair(foreground: Color?, background: Color?) -> Int32 {
    guard foreground != nil || background != nil else { return 0 }
    let key = ColorPairKey(
      foreground: Int16(foreground?.paletteIndex ?? -1),
      background: Int16(background?.paletteIndex ?? -1))
    if let pair = pairs[key] { return pair }
    let next = Int32(pairs.count + 1)
    guard next < min(te_color_pairs(), 32_767) else { return 0 }
    init_pair(Int16(next), key.foreground, key.background)
    pairs[key] = next
    return next
  }
}

/// A foreground and background for a colour pair; -1 is the terminal's default.
private struct ColorPairKey: Hashable {
  var foreground: Int16
  var background: Int16
}

extension CursesScreen {
  /// Whether line `y` of `frame` is as `cells` (a frame of the same size) has it; when it is
  /// not, it is copied into `cells`, and the result is `false`.
  ///
  /// Cells are plain data, so their bytes are compared: padding that differs can only make
  /// equal lines look different, which costs a redundant copy, never a missed one.
  fileprivate static func takeLine(_ y: Int, of frame: Screen, into cells: inout [Cell]) -> Bool {
    let width = frame.width
    guard width > 0 else { return true }
    let start = y * width
    return frame.cells.withUnsafeBufferPointer { theirs in
      cells.withUnsafeMutableBufferPointer { mine in
        let bytes = width * MemoryLayout<Cell>.stride
        if memcmp(mine.baseAddress! + start, theirs.baseAddress! + start, bytes) == 0 {
          return true
        }
        memcpy(mine.baseAddress! + start, theirs.baseAddress! + start, bytes)
        return false
      }
    }
  }
}
