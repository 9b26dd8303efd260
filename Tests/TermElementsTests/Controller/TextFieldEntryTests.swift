import Observation
import Testing

@testable import TermElements

/// An account form's model, for the bound-field tests.
@MainActor
@Observable
final class AccountForm {
  var email = ""
  var password = ""
  var commits: [String] = []
}

/// A form that is not observable: its key paths name their stored properties.
final class PlainForm {
  var name = ""
}

/// A screen with an email and a password field bound to `form`.
@MainActor
func accountScreen(_ form: AccountForm) -> TableModelController {
  TableModelController {
    Table {
      Section {
        Row(field: \.email, of: form, placeholder: "email")
        Row(
          field: \.password, of: form, placeholder: "password", isSecure: true,
          onCommit: TextAction { form.commits.append($0) })
      }
    }
  }
}

@MainActor
@Suite("Secure fields, placeholders and fields bound to a model")
struct TextFieldEntryTests {
  @Test(
    "A secure field shows a mask for each character and keeps the value; d after ••• makes abcd")
  func secureField() {
    let form = AccountForm()
    let screen = accountScreen(form)
    var harness = Harness(screen, width: 16, height: 5)
    expectFrame(
      harness, [" email", " ───────────────", " password", "", "            1/2 "])
    harness.press(.down, .enter)
    harness.type("abc")
    #expect(form.password == "abc")
    expectFrame(
      harness, [" email", " ───────────────", " •••", "", "            2/2 "])
    harness.press(.enter)
    #expect(form.commits == ["abc"])
    expectFrame(
      harness, [" email", " ───────────────", " •••", "", "            2/2 "])
    harness.press(.enter)
    harness.type("d")
    #expect(form.password == "abcd")
    harness.press(.backspace, .backspace)
    #expect(form.password == "ab")
    harness.type("✓界")
    #expect(form.password == "ab✓界")
    expectFrame(
      harness, [" email", " ───────────────", " ••••", "", "            2/2 "])
    harness.press(.enter)
    #expect(form.commits == ["abc", "ab✓界"])
    #expect(!harness.screen.lines.joined().contains("ab"))
  }

  @Test("The mask is * in ASCII, and the cursor stands after the masks while editing")
  func asciiMaskAndCursor() {
    let form = AccountForm()
    form.password = "pw"
    let screen = accountScreen(form)
    screen.glyphs = .ascii
    var harness = Harness(screen, width: 16, height: 5)
    expectFrame(harness, [" email", " ---------------", " **", "", "            1/2 "])
    harness.press(.down, .enter)
    let cells = harness.screen.lines[2]
    #expect(cells == " **             ")
    #expect(harness.screen[3, 2].style.attributes.contains(.reverse))
    #expect(!harness.screen[2, 2].style.attributes.contains(.reverse))
  }

  @Test("An empty field shows its placeholder, dimmed, while it is edited, the cursor on it")
  func placeholderWhileEditing() {
    let form = AccountForm()
    var harness = Harness(accountScreen(form), width: 16, height: 5)
    harness.press(.enter)
    expectFrame(
      harness, [" email", " ───────────────", " password", "", "            1/2 "])
    #expect(harness.screen[1, 0].style.attributes.contains(.reverse))
    #expect(harness.screen[2, 0].style.attributes.contains(.dim))
    harness.type("a")
    expectFrame(harness, [" a", " ───────────────", " password", "", "            1/2 "])
  }

  @Test("A bound field writes its property on each edit; the rebuilt table keeps the edit")
  func boundField() async {
    let form = AccountForm()
    let screen = accountScreen(form)
    var harness = Harness(screen, width: 16, height: 5)
    harness.press(.enter)
    harness.type("ada@")
    #expect(form.email == "ada@")
    await settleTasks()
    harness.type("x.org")
    #expect(form.email == "ada@x.org")
    harness.press(.left, .left)
    harness.type("y")
    #expect(form.email == "ada@x.oyrg")
    expectFrame(
      harness, [" ada@x.oyrg", " ───────────────", " password", "", "            1/2 "])
    // The cursor is still after the y.
    #expect(harness.screen[9, 0].style.attributes.contains(.reverse))
  }

  @Test("A bound row's id comes from its key path: stable, and apart for each property")
  func boundIDs() {
    let form = AccountForm()
    let email = Row(field: \.email, of: form)
    let password = Row(field: \.password, of: form)
    #expect(email.id != nil)
    #expect(email.id != password.id)
    #expect(Row(field: \.email, of: form).id == email.id)
    #expect(Row(field: \.email, of: AccountForm()).id == email.id)
    #expect(Row(field: \.name, of: PlainForm()).id == RowID("\\PlainForm.name"))
    #expect(Row(field: \.email, of: form, id: "mine").id == "mine")
  }
}
