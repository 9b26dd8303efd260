import Foundation
import Glibc
import TermElementsRecords

/// `csv-bench`: the CSV source on a generated file of RECORDS records (``PeopleFile``, made
/// once in the cache folder), as JSON lines on stdout and a summary on stderr. Times are wall
/// seconds of one run each, from the call to its answer, in a release build:
///
/// - `open`: `csv_first_page_s` (the first 50 records), `csv_end_s` (the last 50, before the
///   index), `csv_index_s` (the whole index), `csv_jump_s` (`:N` at nine tenths, after it);
/// - `search`: `csv_search_s`, from the top to the only `zanzibar`, three lines from the end;
/// - `sort`: `csv_sort_first_page_s` by `name`, `csv_sort_next_page_s` and
///   `csv_sort_end_s` after it, and `csv_sort_peak_rss_mb`, the process's peak;
/// - `filter`: `city = 'Lima'`, `csv_filter_first_page_s` and `csv_filter_count_s`;
/// - `counts`: `csv_counts_s`, the counts of each value of `city`;
/// - `export`: `csv_export_csv_s`, every record written to a CSV file as `e` writes it
///   (``RecordExport``), and `csv_export_rss_ratio`, the peak RSS after it over the peak before.
/// - `summary`: `csv_summary_all_columns_s`, the summary of every column (`I`), a pass each.
///
/// ```sh
/// csv-bench --records 10000000 --only open,search
/// csv-bench --records 10000000 --only sort   # alone, so that the peak RSS is the sort's
/// ```
let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
  arguments.firstIndex(of: name).flatMap { arguments.dropFirst($0 + 1).first }
}
let records = option("--records").flatMap { Int($0) } ?? 10_000_000
let parts = Set(
  (option("--only") ?? "open,search,sort,filter,counts,export,summary").split(separator: ","))

func say(_ text: String) {
  FileHandle.standardError.write(Data("csv-bench: \(text)\n".utf8))
}

func report(_ name: String, _ value: Double) {
  let text = String(format: value < 10 ? "%.4f" : "%.1f", value)
  print(#"{"name":"\#(name)","impl":"csv","rows":\#(records),"value":\#(text)}"#)
  say("\(name) = \(text) (\(records) records)")
}

func seconds(_ body: () async throws -> Void) async rethrows -> Double {
  let start = ContinuousClock.now
  try await body()
  let elapsed = ContinuousClock.now - start
  return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

func peakRSSMegabytes() -> Double {
  var usage = rusage()
  getrusage(RUSAGE_SELF.rawValue, &usage)
  return Double(usage.ru_maxrss) / 1024
}

let path = try PeopleFile.ensure(records: records, say: say)
// The file in the page cache, as it is for a user who just made or copied it, read through a
// small buffer so that the peak RSS is the source's.
do {
  let descriptor = open(path, O_RDONLY)
  var buffer = [UInt8](repeating: 0, count: 1 << 20)
  while buffer.withUnsafeMutableBytes({ read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
  close(descriptor)
}
let source = try CSVRecordSource(path: path)

if parts.contains("open") {
  report(
    "csv_first_page_s",
    try await seconds { _ = try await source.page(after: nil, in: .all, limit: 50) })
  report(
    "csv_end_s", try await seconds { _ = try await source.page(before: nil, in: .all, limit: 50) }
  )
}
let indexTime = try await seconds { try await source.waitForIndex() }
if parts.contains("open") {
  report("csv_index_s", indexTime)
  report(
    "csv_jump_s",
    try await seconds {
      let position = try await source.position(atOffset: records / 10 * 9 - 1, in: .all)
      _ = try await source.page(after: position, in: .all, limit: 50)
    })
}
if parts.contains("search") {
  var hit: PageRecord?
  let time = try await seconds {
    hit = try await source.search(
      SearchText("zanzibar"), columns: nil, from: nil, forward: true, in: .all, progress: { _ in })
  }
  guard hit?.key == RecordKey([.integer(Int64(records - 3))]) else {
    fatalError("the search found \(String(describing: hit?.key)), not record \(records - 3)")
  }
  report("csv_search_s", time)
}
if parts.contains("sort") {
  let view = RecordView(order: RecordOrder(column: 1))
  var first: [PageRecord] = []
  report(
    "csv_sort_first_page_s",
    try await seconds { first = try await source.page(after: nil, in: view, limit: 50) })
  let names = first.map { $0.values[1] }
  guard names.count == 50, zip(names, names.dropFirst()).allSatisfy({ !$1.precedes($0) }),
    let last = first.last
  else {
    fatalError("the sorted page is \(names)")
  }
  report(
    "csv_sort_next_page_s",
    try await seconds { _ = try await source.page(after: last.position, in: view, limit: 50) })
  report(
    "csv_sort_end_s",
    try await seconds { _ = try await source.page(before: nil, in: view, limit: 50) })
  report("csv_sort_peak_rss_mb", peakRSSMegabytes())
}
if parts.contains("filter") {
  let view = RecordView(filter: "city = 'Lima'")
  var page: [PageRecord] = []
  report(
    "csv_filter_first_page_s",
    try await seconds { page = try await source.page(after: nil, in: view, limit: 50) })
  guard page.count == 50, page.allSatisfy({ $0.values[3] == .text("Lima") }) else {
    fatalError("the filtered page holds \(page.map(\.values))")
  }
  var count: RecordCount?
  report("csv_filter_count_s", try await seconds { count = try await source.count(in: view) })
  guard count == .exact(records / 10) else {
    fatalError("the filter counted \(String(describing: count)), not \(records / 10)")
  }
}
if parts.contains("counts") {
  var counts: CSVValueCounts?
  report("csv_counts_s", try await seconds { counts = try await source.valueCounts(ofColumn: 3) })
  let lima = counts?.entries.first { $0.value == .text("Lima") }?.count
  guard counts?.isComplete == true, lima == records / 10 else {
    fatalError("the counts of city are \(String(describing: counts))")
  }
  // F: the counts the frequency screen asks for, through the view's filter (none here, then
  // one that keeps a tenth of the records, each read whole to be checked).
  var frequency: ValueCounts?
  report(
    "csv_frequency_s",
    try await seconds {
      frequency = try await source.valueCounts(
        ofColumn: 3, in: .all, limit: ValueCounts.screenLimit)
    })
  guard frequency?.entries.first(where: { $0.value == .text("Lima") })?.count == records / 10
  else { fatalError("F counted \(String(describing: frequency))") }
  report(
    "csv_frequency_filtered_s",
    try await seconds {
      frequency = try await source.valueCounts(
        ofColumn: 3, in: RecordView(filter: "city = 'Lima'"), limit: ValueCounts.screenLimit)
    })
  guard frequency?.entries.map(\.count) == [records / 10] else {
    fatalError("F through the filter counted \(String(describing: frequency))")
  }
}
if parts.contains("export") {
  let folder = NSTemporaryDirectory() + "csv-bench-export-\(getpid())"
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  let before = peakRSSMegabytes()
  var written = 0
  report(
    "csv_export_csv_s",
    try await seconds {
      written = try await RecordExport.write(source, view: .all, to: folder + "/people.csv")
    })
  guard written == records else { fatalError("the export wrote \(written) records") }
  report("csv_export_rss_ratio", peakRSSMegabytes() / before)
}
if parts.contains("summary") {
  // `I`: every column summed up, one pass over the file each.
  var summaries: [ColumnSummary] = []
  report(
    "csv_summary_all_columns_s",
    try await seconds {
      for column in source.columns.indices {
        summaries.append(try await source.summary(ofColumn: column, in: .all))
      }
    })
  guard summaries.count == source.columns.count,
    summaries.allSatisfy({ $0.records == records }), summaries[3].distinct == .exact(10)
  else {
    fatalError("the summaries are \(summaries)")
  }
}
