import TermElements

var table = Table(sections: (0..<3).map { s in
  var section = Section(rows: (0..<4).map { Row(ElementOfLabel(props: "Row \(s).\($0) 日本語 \u{1B}[31m")) })
  section.header = SectionHeader(ElementOfLabel(props: "Section \(s)"))
  section.footer = SectionFooter(ElementOfLabel(props: "end of \(s)"))
  return section
})
table.stretchyHeader = StretchyHeader(behavior: .shrinksToMinimumHeight(1), element: ElementOfLabel(props: "Header"), restingHeight: 3)
var layout = TableLayout(table: table, width: 30)
for offset in [0, 2, 5, 9] {
  var screen = Screen(width: 30, height: 12)
  screen.draw { TablePainter.paint(&layout, scrollOffset: offset, selection: IndexPath(row: 1, section: 0), in: &$0) }
  print("--- offset \(offset)")
  for l in screen.lines { print("|\(l)|") }
}
