import Testing

@testable import TermElements

/// A glyph set is a value: copies share their marks until one of them changes a mark.
@Suite("GlyphSet: a value whose copies share their marks")
struct GlyphSetTests {
  @Test("Changing a copy's mark leaves the original as it was")
  func copiesAreIndependent() {
    let original = GlyphSet.unicode
    var copy = original
    #expect(copy == original)
    copy.ellipsis = "»"
    copy.spinnerFrames.append("*")
    #expect(copy != original)
    #expect(original.ellipsis == "…" && original.spinnerFrames.count == 10)
    #expect(copy.ellipsis == "»" && copy.spinnerFrames.count == 11)
    #expect(copy.horizontalLine == original.horizontalLine)
  }

  @Test("Sets made apart with the same marks are equal; one mark apart, they are not")
  func equalityByMarks() {
    let made = GlyphSet(
      ellipsis: "…", horizontalLine: "─",
      spinnerFrames: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], combiningBase: "◌")
    #expect(made == .unicode)
    for change in [
      { (set: inout GlyphSet) in set.mask = "*" }, { $0.checkmark = "x" },
      { $0.disclosureIndicator = ">" }, { $0.combiningBase = " " }, { $0.horizontalLine = "-" },
    ] {
      var changed = made
      change(&changed)
      #expect(changed != .unicode)
      #expect(made == .unicode)
    }
  }
}
