import TermElementsTestSupport
import Testing

@testable import TermElements

/// The settings of a row, picked at random among usual and unusual values.
struct RandomRowSettings {
  var id: RowID?
  var tag: String?
  var rowHeight: RowHeight
  var layoutMargins: LayoutMargins
  var separatorStyle: SeparatorStyle
  var style: Style
  var selectionStyle: SelectionStyle
  var isUserInteractionEnabled: Bool
  var didSelect: Action?
  var onSelect: SelectAction?

  /// Settings drawn from `random`, each one usual more often than not.
  init(_ random: inout SeededRandom) {
    id =
      random.chance(0.4)
      ? nil
      : random.pick([
        RowID(7), RowID(-1), RowID(Int.max), RowID(Int.min), "7", "",
        "an identity longer than 15 bytes",
      ])
    tag = random.chance(0.8) ? nil : random.pick(["loading", ""])
    rowHeight =
      random.chance(0.5)
      ? .automatic : .fixed(random.pick([0, 1, 3, 254, 255, 1000, -1, Int.min, Int.max]))
    let margin = { (random: inout SeededRandom) in
      random.pick([0, 1, 2, 15, 16, 255, -1, Int.max, Int.min])
    }
    var margins = LayoutMargins.zero
    margins.top = margin(&random)
    margins.left = margin(&random)
    margins.bottom = margin(&random)
    margins.right = margin(&random)
    layoutMargins = margins
    separatorStyle = random.pick([
      .none, .default, .fullWidth, .custom(left: 0, right: 0), .custom(left: 2, right: -3),
    ])
    style = randomStyle(&random)
    selectionStyle = random.pick([.none, .default, .style(randomStyle(&random))])
    isUserInteractionEnabled = random.chance(0.5)
    didSelect = random.chance(0.8) ? nil : Action {}
    onSelect = random.chance(0.8) ? nil : SelectAction { _ in }
  }

  /// A row of `element` made with these settings by the initializer.
  func row(_ element: some ElementRepresentable) -> Row {
    Row(
      element, id: id, tag: tag, rowHeight: rowHeight, layoutMargins: layoutMargins,
      separatorStyle: separatorStyle, style: style, selectionStyle: selectionStyle,
      isUserInteractionEnabled: isUserInteractionEnabled, didSelect: didSelect,
      onSelect: onSelect)
  }

  /// `row` with these settings set one property at a time.
  func set(on row: Row) -> Row {
    var row = row
    row.id = id
    row.tag = tag
    row.rowHeight = rowHeight
    row.layoutMargins = layoutMargins
    row.separatorStyle = separatorStyle
    row.style = style
    row.selectionStyle = selectionStyle
    row.isUserInteractionEnabled = isUserInteractionEnabled
    // `didSelect` is shorthand for an `onSelect`: setting one replaces the other.
    if let onSelect { row.onSelect = onSelect } else { row.didSelect = didSelect }
    return row
  }

  /// Whether `row` has exactly these settings.
  func matches(_ row: Row) -> Bool {
    row.id == id && row.tag == tag && row.rowHeight == rowHeight
      && row.layoutMargins == layoutMargins && row.separatorStyle == separatorStyle
      && row.style == style && row.style.attributes == style.attributes
      && row.style.monochrome == style.monochrome && row.selectionStyle == selectionStyle
      && row.isUserInteractionEnabled == isUserInteractionEnabled
      && (row.didSelect == nil) == (didSelect == nil || onSelect != nil)
      && (row.onSelect == nil) == (didSelect == nil && onSelect == nil)
  }
}

@Suite("Row storage")
struct RowStorageTests {
  @Test("A row is its element and three words")
  func size() {
    #expect(MemoryLayout<Row>.size == MemoryLayout<Element>.size + 24)
  }

  @Test("Every setting reads back as it was given, by the initializer or by the setters")
  func settingsRoundTrip() {
    var random = SeededRandom(seed: 20_260_611)
    let element = ElementOfLabel(props: "row")
    for _ in 0..<5_000 {
      let settings = RandomRowSettings(&random)
      let made = settings.row(element)
      #expect(settings.matches(made))
      let set = settings.set(on: Row(element))
      #expect(settings.matches(set))
      #expect(set == made)
      // From other settings, packed or boxed, to these.
      let other = RandomRowSettings(&random)
      let reset = settings.set(on: other.row(element))
      #expect(settings.matches(reset))
      #expect(reset == made)
      #expect(other.row(element) == other.row(element))
    }
  }

  @Test("Rows with any one setting changed are unequal")
  func changedSettingsAreUnequal() {
    let element = ElementOfLabel(props: "row")
    let plain = Row(element)
    var changes: [(inout Row) -> Void] = [
      { $0.id = 1 }, { $0.tag = "t" }, { $0.rowHeight = 2 }, { $0.rowHeight = 300 },
      { $0.layoutMargins = .zero }, { $0.layoutMargins = .all(20) },
      { $0.separatorStyle = .none }, { $0.separatorStyle = .custom(left: 1, right: 1) },
      { $0.style = Style(foreground: .red) }, { $0.style = Style(monochrome: .bold) },
      { $0.style = Style(attributes: TextAttributes(rawValue: 0x80)) },
      { $0.selectionStyle = .none }, { $0.selectionStyle = .style(.plain) },
      { $0.isUserInteractionEnabled = false }, { $0.didSelect = Action {} },
      { $0.onSelect = SelectAction { _ in } },
    ]
    changes.append { $0.element = ElementOfLabel(props: "other").element }
    for change in changes {
      var changed = plain
      change(&changed)
      #expect(changed != plain)
      #expect(plain != changed)
    }
  }

  @Test("Changing a copy of a row leaves the row as it was")
  func copiesAreIndependent() {
    var row = Row(ElementOfLabel(props: "row"), id: "a", tag: "first", didSelect: Action {})
    let copy = row
    row.tag = "second"
    row.id = nil
    #expect(copy.tag == "first")
    #expect(copy.id == "a")
    #expect(row.tag == "second")
    #expect(row.id == nil)
    var again = copy
    again.rowHeight = 5
    #expect(copy.rowHeight == .automatic)
    #expect(again.rowHeight == 5)
    #expect(again.tag == "first")
  }

  @Test("Rows with a number and a string of the same digits for identity are unequal")
  func numberAndTextIdentitiesDiffer() {
    let element = ElementOfLabel(props: "row")
    #expect(Row(element, id: 1) != Row(element, id: "1"))
    #expect(Row(element, id: 1) == Row(element, id: 1))
    #expect(Row(element, id: "one") == Row(element, id: "one"))
    #expect(Row(element, id: 1).id?.number == 1)
    #expect(Row(element, id: "one").id?.text == "one")
  }

  @Test("A row whose unusual settings are undone equals a row that never had them")
  func undoneSettingsPackAgain() {
    var row = Row(ElementOfLabel(props: "row"), id: 3, separatorStyle: .custom(left: 1, right: 2))
    row.id = nil
    row.separatorStyle = .default
    #expect(row == Row(ElementOfLabel(props: "row")))
  }
}
