import TermElements

/// The demo's table: a stretchy title, then sections of generated rows of varied height.
enum SampleTable {
  /// Rows in each section.
  static let sectionSize = 1_000

  /// Names to cycle through, some with wide characters.
  static let names = [
    "Ada Lovelace", "東京タワー", "Grace Hopper", "Ðorđe Balašević", "Alan Turing",
    "서울특별시", "Edsger Dijkstra", "Zoë Ashworth 🎉", "Barbara Liskov", "Ken Thompson",
  ]

  /// The name shown in row `index`.
  static func name(of index: Int) -> String {
    names[index % names.count]
  }

  /// The table for `rowCount` rows.
  static func make(rowCount: Int) -> Table {
    let sectionCount = max(1, (rowCount + sectionSize - 1) / sectionSize)
    var table = Table(
      sections: (0..<sectionCount).map { section in
        let first = section * sectionSize
        let count = min(sectionSize, rowCount - first)
        return Section(
          id: "demo-\(section)", count: max(0, count),
          header: SectionHeader(ElementOfLabel(props: "Rows \(first + 1)–\(first + count)")),
          footer: SectionFooter(ElementOfLabel(props: "\(count) rows in section \(section + 1)"))
        ) { row(first + $0, numberWidth: String(rowCount).count) }
      })
    table.stretchyHeader = StretchyHeader(
      behavior: .shrinksToMinimumHeight(1),
      element: VerticalStack(
        FlexibleSpace(),
        ElementOfLabel(props: "TermElements · \(rowCount) rows").styles {
          $0.style = Style(attributes: .bold)
          $0.numberOfLines = 1
        }),
      restingHeight: 3,
      style: Style(foreground: .black, background: .cyan, monochrome: .reverse))
    return table
  }

  /// Row `index`: its number and a name; every seventh row adds a second line.
  static func row(_ index: Int, numberWidth: Int) -> Row {
    let name = name(of: index)
    let number = String(index + 1)
    let padded = String(repeating: " ", count: max(0, numberWidth - number.count)) + number
    let detail =
      index % 7 == 3 ? "\n  joined on day \(index % 365 + 1), note: 長い説明がここに入ります" : ""
    return Row(
      HorizontalStack(
        spacing: 1,
        ElementOfLabel(props: padded).styles {
          $0.style = Style(foreground: .yellow)
          $0.numberOfLines = 1
        },
        ElementOfLabel(props: name + detail).styles { $0.numberOfLines = 2 }),
      id: RowID(index),
      separatorStyle: .none)
  }
}
