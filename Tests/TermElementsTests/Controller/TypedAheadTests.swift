import Observation
import Testing

@testable import TermElements

/// A sign-in form's model: the button can act once an email is given.
@MainActor
@Observable
final class SignInModel {
  var email = ""
  var signIns: [String] = []
}

/// A sign-in screen built from `model`: an email field and a button enabled by the email.
@MainActor
func signInScreen(_ model: SignInModel) -> TableModelController {
  TableModelController(title: "Sign in") {
    Table {
      Section {
        Row(
          ElementOfTextField(
            props: TextFieldProps(
              text: model.email, placeholder: "email", onChange: TextAction { model.email = $0 })),
          id: "email", separatorStyle: .none)
        Row(
          ElementOfButtonWithAction(props: ("Sign in", { model.signIns.append(model.email) })),
          id: "sign-in", separatorStyle: .none, isUserInteractionEnabled: !model.email.isEmpty)
      }
    }
  }
}

@MainActor
@Suite("Events typed ahead act on the table the events before them left")
struct TypedAheadTests {
  @Test(
    "Enter x y Enter Down Enter in one batch edits, commits, moves to the button it enabled, presses it"
  )
  func signInBatch() {
    let model = SignInModel()
    let screen = signInScreen(model)
    let stack = NavigationStack(root: screen)
    var frames = 0
    stack.onNeedsDisplay = { frames += 1 }
    var frame = Screen(width: 20, height: 4)
    stack.render(into: &frame)
    expectScreen(frame, [" Sign in", " email", " [ Sign in ]", "                1/2 "])
    frames = 0
    // One read of the terminal: no frame, and no turn of the main actor, between the keys.
    let keys: [Key] = [.enter, .character("x"), .character("y"), .enter, .down, .enter]
    for key in keys { stack.handle(.key(key)) }
    #expect(model.signIns == ["xy"])
    #expect(screen.selection == IndexPath(row: 1, section: 0))
    #expect(frames == 1)
    stack.render(into: &frame)
    expectScreen(frame, [" Sign in", " xy", " [ Sign in ]", "                2/2 "])
  }

  @Test("A key map command sees the table a key before it changed")
  func commandSeesRebuild() {
    let model = NamesModel(["a"])
    let screen = TableModelController {
      Table { Section { ForEach(model.names, id: \.self) { Row(ElementOfLabel(props: $0)) } } }
    }
    screen.keyMap.bind(.character("+"), to: KeyCommand("Add") { _ in model.names.append("b") })
    var frame = Screen(width: 8, height: 4)
    screen.render(into: &frame)
    screen.handle(.key(.character("+")))
    screen.handle(.key(.end))
    #expect(screen.position.row == 2)
    #expect(screen.position.count == 2)
  }
}
