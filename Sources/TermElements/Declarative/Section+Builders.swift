extension Section {
  /// A section whose rows are listed in a ``RowsBuilder`` block, under an optional header and
  /// above an optional footer given as text.
  ///
  /// ```swift
  /// let fruit = Section(header: "Fruit", footer: "3 kinds") {
  ///   "Apple"
  ///   "Pear"
  ///   "Plum"
  /// }
  /// ```
  public init(
    id: String? = nil, header: String? = nil, footer: String? = nil,
    @RowsBuilder rows: () -> [Row]
  ) {
    self.init(
      header: header.map { SectionHeader(ElementOfLabel(props: $0)) },
      footer: footer.map { SectionFooter(ElementOfLabel(props: $0)) }, rows: rows())
    self.id = id
  }

  /// A section whose rows are listed in a ``RowsBuilder`` block, under a header and above a
  /// footer of any element.
  public init(
    id: String? = nil, header: SectionHeader?, footer: SectionFooter? = nil,
    @RowsBuilder rows: () -> [Row]
  ) {
    self.init(header: header, footer: footer, rows: rows())
    self.id = id
  }
}

extension Table {
  /// A table whose sections are listed in a ``SectionsBuilder`` block, under an optional
  /// table header given as text.
  ///
  /// ```swift
  /// let groceries = Table(header: "Groceries") {
  ///   Section(header: "Fruit") {
  ///     "Apple"
  ///     "Pear"
  ///   }
  /// }
  /// ```
  public init(header: String? = nil, @SectionsBuilder sections: () -> [Section]) {
    self.init(sections: sections())
    tableHeaderView = header.map { TableHeaderView(ElementOfLabel(props: $0)) }
  }

}
