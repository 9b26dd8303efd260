import Testing

@testable import TermElementsCurses

@Suite("The ncurses library")
struct CursesLibraryTests {
  @Test("The front end links against the wide-character ncurses 6")
  func linksNcursesw() {
    #expect(CursesLibrary.version.hasPrefix("ncurses 6."))
  }
}
