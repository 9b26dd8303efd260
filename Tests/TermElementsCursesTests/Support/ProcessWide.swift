import Testing

/// The suites that touch what a process has only one of: ncurses' current screen and signal
/// dispositions. They run one test at a time, nested in this suite.
@Suite("ncurses and signals, one test at a time", .serialized)
enum ProcessWide {}
