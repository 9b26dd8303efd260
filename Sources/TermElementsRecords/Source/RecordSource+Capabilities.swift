/// What a source can do, asked in one place: the screens go through these, never cast a
/// source themselves.
extension RecordSource {
  /// Whether the source can do `feature`, and at what cost: unavailable, with a reason for
  /// the status line, when the source does not conform to the feature's protocol
  /// (``RecordSorting``, ``RecordFiltering``, ``RecordSearching``, ``RecordJumping``,
  /// ``RecordValueCounting``, ``RecordSummarizing``), else what its
  /// ``RecordFeatureAvailability/availability(of:)`` says, else available.
  ///
  /// ```swift
  /// let people = MemoryRecordSource(name: "people", columns: ["id"], records: [])
  /// let canSort = people.support(for: .sort).isAvailable  // true
  /// ```
  public func support(for feature: RecordFeature) -> FeatureSupport {
    let conforms =
      switch feature {
      case .sort: self is any RecordSorting
      case .filter: self is any RecordFiltering
      case .search: self is any RecordSearching
      case .jump: self is any RecordJumping
      case .valueCounts: self is any RecordValueCounting
      case .summary: self is any RecordSummarizing
      }
    guard conforms else { return .unavailable(feature.missingReason) }
    return (self as? any RecordFeatureAvailability)?.availability(of: feature) ?? .available
  }

  /// Throws ``RecordSourceError/unavailable(_:_:)`` when ``support(for:)`` says `feature` is
  /// unavailable.
  public func require(_ feature: RecordFeature) throws(RecordSourceError) {
    if case .unavailable(let reason) = support(for: feature) {
      throw .unavailable(feature, reason)
    }
  }

  /// What the screens ask of the source beyond its core requirements.
  var capabilities: RecordCapabilities { RecordCapabilities(source: self) }
}

extension RecordFeature {
  /// Why a source that does not conform to the feature's protocol cannot do it.
  var missingReason: String {
    switch self {
    case .sort: "the source keeps its records in one order"
    case .filter: "the source has no filter language"
    case .search: "the source cannot search its records"
    case .jump: "the source cannot find a record by its number"
    case .valueCounts: "the source cannot count the values of a column"
    case .summary: "the source cannot sum up its columns"
    }
  }
}

/// A source seen through its capabilities: each feature the source offers, or why not, and
/// the defaults of what it does not say.
struct RecordCapabilities: Sendable {
  /// The source.
  let source: any RecordSource

  /// The source as one that sorts; throws why when it cannot.
  func sorting() throws(RecordSourceError) -> any RecordSorting {
    try capability(.sort, as: (any RecordSorting).self)
  }

  /// The source as one that filters; throws why when it cannot.
  func filtering() throws(RecordSourceError) -> any RecordFiltering {
    try capability(.filter, as: (any RecordFiltering).self)
  }

  /// The source as one that searches; throws why when it cannot.
  func searching() throws(RecordSourceError) -> any RecordSearching {
    try capability(.search, as: (any RecordSearching).self)
  }

  /// The source as one that counts the values of a column; throws why when it cannot.
  func valueCounting() throws(RecordSourceError) -> any RecordValueCounting {
    try capability(.valueCounts, as: (any RecordValueCounting).self)
  }

  /// The source as one that jumps to an offset; throws why when it cannot.
  func jumping() throws(RecordSourceError) -> any RecordJumping {
    try capability(.jump, as: (any RecordJumping).self)
  }

  /// The source as one that sums up its columns; throws why when it cannot.
  func summarizing() throws(RecordSourceError) -> any RecordSummarizing {
    try capability(.summary, as: (any RecordSummarizing).self)
  }

  /// The source as a `Capable`, the protocol of `feature`, when it can do `feature`; throws
  /// ``RecordSourceError/unavailable(_:_:)`` with the reason when it cannot.
  private func capability<Capable>(_ feature: RecordFeature, as _: Capable.Type)
    throws(RecordSourceError) -> Capable
  {
    try source.require(feature)
    guard let capable = source as? Capable else {
      throw .unavailable(feature, feature.missingReason)
    }
    return capable
  }

  /// The source as one that ranks, when it is one and can jump: `nil` leaves records found
  /// by a search unnumbered.
  var ranking: (any RecordRanking)? {
    guard source.support(for: .jump).isAvailable else { return nil }
    return source as? any RecordRanking
  }

  /// The language of filters, when the source can filter.
  var filterLanguage: String? {
    guard source.support(for: .filter).isAvailable else { return nil }
    return (source as? any RecordFiltering)?.filterLanguage
  }

  /// What the source does in the background, or `nil`.
  var activity: String? { (source as? any RecordActivityReporting)?.activity }

  /// What records come in order of when no column holds the key, or `nil`.
  var keyOrder: String? { (source as? any RecordPresenting)?.keyOrder }

  /// How the record with key `key` is named on its screen.
  func title(ofKey key: RecordKey) -> String {
    (source as? any RecordPresenting)?.title(ofKey: key) ?? source.keyTitle(of: key)
  }

  /// The values of the record with key `key` as the detail screen shows them.
  func detailRecord(key: RecordKey) async throws -> [DetailValue]? {
    if let detailing = source as? any RecordDetailing {
      return try await detailing.detailRecord(key: key)
    }
    return try await source.wholeDetail(key: key)
  }

  /// The last `limit` records of `view` and how many there are.
  func lastPage(in view: RecordView, limit: Int) async throws -> (
    records: [PageRecord], count: RecordCount
  ) {
    if let reading = source as? any RecordLastPageReading {
      return try await reading.lastPage(in: view, limit: limit)
    }
    return try await source.lastPageThenCount(in: view, limit: limit)
  }

  /// The records after `position` in `view`'s order with every value whole, for an export:
  /// the source's own pages of whole values (``RecordWholePageReading``), else its pages with
  /// each record that may hold a cut value read again whole.
  func wholePage(after position: RecordPosition?, in view: RecordView, limit: Int) async throws
    -> [PageRecord]
  {
    if let reading = source as? any RecordWholePageReading {
      return try await reading.wholePage(after: position, in: view, limit: limit)
    }
    return try await source.pageThenWholeRecords(after: position, in: view, limit: limit)
  }
}
