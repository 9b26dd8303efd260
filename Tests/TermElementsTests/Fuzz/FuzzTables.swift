import TermElementsTestSupport

@testable import TermElements

/// Makes random tables: any shape, any text, any margins, lazy sections, tail loaders.
@MainActor
struct FuzzTables {
  /// Where loaders and forbidden actions report.
  let world: FuzzWorld
  /// Numbers for row ids.
  private var nextID = 0

  /// A maker reporting to `world`.
  init(world: FuzzWorld) { self.world = world }

  /// Texts that stress the text path: wide, combining, hostile, long, empty.
  static let texts = [
    "", "a", "Hello world", "東京タワー", "Zoë 🎉", "e\u{301}\u{302}", "\u{1B}[31mred", "tab\there",
    "new\nline", "\u{202E}evil", "👨‍👩‍👧‍👦 family", "🇫🇷🇩🇪", "กำ", "कि", "বা",
    String(repeating: "long words here ", count: 12), "\u{0}\u{7F}\u{85}\u{9B}", "   ",
    "ＡＢＣ", "a\u{200D}b",
  ]

  /// A random table.
  mutating func table(_ random: inout SeededRandom) -> Table {
    let sections = (0..<random.small(4)).map { _ in section(&random) }
    var table = Table(
      sections: sections, centersContentIfPossible: random.chance(0.1),
      hidesTrailingSeparators: random.chance(0.6), pinsSectionHeaders: random.chance(0.7),
      estimatedRowHeight: random.chance(0.2) ? random.small(3) : nil)
    switch random.int(0...5) {
    case 0:
      table.tableHeaderView = TableHeaderView(
        label(&random), layoutMargins: margins(&random))
    case 1:
      table.stretchyHeader = StretchyHeader(
        behavior: random.chance(0.5)
          ? .scrollsUpWithContent : .shrinksToMinimumHeight(random.small(4)),
        element: label(&random), restingHeight: random.chance(0.5) ? random.small(6) : nil,
        layoutMargins: margins(&random))
    default: break
    }
    if random.chance(0.15) { table.tailLoader = world.makeLoader(prefetch: prefetch(&random)) }
    return table
  }

  /// A random section: stored rows, a lazy source, or both.
  mutating func section(_ random: inout SeededRandom) -> Section {
    if random.chance(0.1) { return world.makeStreamSection() }
    var section: Section
    switch random.int(0...5) {
    case 0:
      let count = random.chance(0.3) ? random.int(0...100_000) : random.small(40)
      let source = RowSource(id: "source\(random.int(0...3))", count: count) { index in
        FuzzTables.generatedRow(index)
      }
      section = Section(rows: Rows(source))
      if random.chance(0.5) { section.rows.insert(contentsOf: [row(&random)], at: 0) }
    default:
      section = Section(rows: (0..<random.small(30)).map { _ in row(&random) })
    }
    if random.chance(0.5) {
      section.header = SectionHeader(label(&random), layoutMargins: margins(&random))
    }
    if random.chance(0.3) {
      section.footer = SectionFooter(label(&random), layoutMargins: margins(&random))
    }
    if random.chance(0.25) { section.tailLoader = world.makeLoader(prefetch: prefetch(&random)) }
    if random.chance(0.15) {
      section.headLoader = world.makeHeadLoader(prefetch: prefetch(&random))
    }
    return section
  }

  /// Row `index` of a lazy source: every fifth cannot be selected, every seventh is taller.
  nonisolated static func generatedRow(_ index: Int) -> Row {
    Row(
      ElementOfLabel(props: index % 7 == 0 ? "gen \(index)\nsecond line" : "gen \(index)"),
      id: RowID(index), separatorStyle: index % 3 == 0 ? .default : .none,
      isUserInteractionEnabled: index % 5 != 4)
  }

  /// A random row.
  mutating func row(_ random: inout SeededRandom) -> Row {
    nextID += 1
    let id: RowID? =
      switch random.int(0...9) {
      case 0: nil
      case 1: RowID(random.int(0...5))  // now and then a duplicate
      default: RowID("r\(nextID)")
      }
    let enabled = random.chance(0.8)
    var row = Row(
      element(&random, enabled: enabled), id: id,
      rowHeight: random.chance(0.15) ? .fixed(random.small(5)) : .automatic,
      layoutMargins: margins(&random), separatorStyle: separator(&random),
      isUserInteractionEnabled: enabled,
      accessory: random.pick([.none, .none, .disclosureIndicator, .checkmark]))
    if !row.isEnabled { row.didSelect = world.forbidden("row \(nextID)") }
    return row
  }

  /// A random element; a disabled row's button must never be pressed.
  mutating func element(_ random: inout SeededRandom, enabled: Bool) -> Element {
    let world = world
    switch random.int(0...9) {
    case 0:
      let what = "button \(nextID)"
      return Element(
        ElementOfButtonWithAction(
          props: (
            buttonTitle: random.pick(Self.texts),
            handler: {
              if !enabled { world.violations.append("a disabled row's button ran: \(what)") }
            }
          )))
    case 1:
      return Element(
        ElementOfTextField(
          props: TextFieldProps(
            text: random.chance(0.5) ? random.pick(Self.texts) : nil,
            placeholder: random.pick(Self.texts), isSecure: random.chance(0.3),
            onCommit: TextAction { world.committed.append($0) })))
    case 5:
      // A button that cannot act: its row is disabled whatever the row says.
      let what = "disabled button \(nextID)"
      return Element(
        ElementOfButtonWithAction(
          props: ButtonProps(title: random.pick(Self.texts), isEnabled: false) {
            world.violations.append("a disabled button ran: \(what)")
          }))
    case 6:
      return Element(
        label(&random).padding(random.small(3)).frame(
          width: random.chance(0.5) ? random.small(12) : nil,
          height: random.chance(0.3) ? random.small(4) : nil,
          alignment: random.pick([.leading, .center, .trailing])))
    case 2:
      return Element(ElementOfActivityIndicator(props: random.chance(0.7)))
    case 3:
      return Element(
        HorizontalStack(
          spacing: random.small(3), label(&random), FlexibleSpace(), label(&random)))
    case 4:
      return Element(VerticalStack(label(&random), label(&random)))
    default:
      return Element(label(&random))
    }
  }

  /// A label with random text and line limits.
  mutating func label(_ random: inout SeededRandom) -> ElementOf<Label> {
    let lines = random.small(3)
    return ElementOfLabel(props: random.pick(Self.texts)).styles { $0.numberOfLines = lines }
  }

  /// Margins, now and then wider than any screen.
  func margins(_ random: inout SeededRandom) -> LayoutMargins {
    switch random.int(0...6) {
    case 0: .zero
    case 1: .all(random.small(200))
    case 2:
      .inset(
        top: random.small(3), left: random.small(90), bottom: random.small(3),
        right: random.small(90))
    default: .default
    }
  }

  /// A separator, now and then with insets wider than any screen.
  func separator(_ random: inout SeededRandom) -> SeparatorStyle {
    switch random.int(0...4) {
    case 0: .none
    case 1: .fullWidth
    case 2: .custom(left: random.small(400), right: random.small(400))
    default: .default
    }
  }

  /// A prefetch distance, or the default.
  func prefetch(_ random: inout SeededRandom) -> Int? {
    random.chance(0.5) ? nil : random.small(50)
  }
}
