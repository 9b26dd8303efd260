import Observation
import TermElements

/// The user list: a header, the users as the view model publishes them, Enter for details.
@MainActor
func userList(_ viewModel: UserListViewModel) -> TableModelController {
  let list = TableModelController(title: "User List") {
    Table(header: "Everyone in the directory — R refreshes") {
      Section(id: "users", stream: Observations { viewModel.users }) { user in
        HorizontalStack(
          spacing: 1, ElementOf<UserPhoto>(props: user.initials), ElementOfLabel(props: user.name),
          FlexibleSpace(), ElementOfLabel(props: "›"))
      } onSelect: { context, _, user in
        context.navigator?.push(userDetails(user))
      }
    }
  }
  list.onRefresh(initialRefresh: true) { try await viewModel.reload() }
  return list
}

/// One user's details.
@MainActor
func userDetails(_ user: User) -> TableModelController {
  TableModelController(title: "User Information") {
    Table {
      Section {
        HorizontalStack(
          spacing: 2, ElementOf<UserPhoto>(props: user.initials),
          ElementOfLabel(props: user.name).styles { $0.style = Style(foreground: .red) })
      }
      Section(header: "Address") {
        detail("Address", user.address)
        detail("City", user.city)
        detail("State", user.state)
        detail("Zip", user.zip)
      }
      Section(header: "Contact") { detail("Email", user.email) }
    }
  }
}

/// A name and its value on one row.
func detail(_ name: String, _ value: String) -> Row {
  Row(
    HorizontalStack(
      spacing: 1, ElementOfLabel(props: name + String(repeating: " ", count: 8 - name.count)),
      ElementOfLabel(props: value)), separatorStyle: .none)
}

/// A user's initials in a coloured badge: the terminal's photo.
enum UserPhoto: ElementView {
  static func height(of initials: String, styles: Style, width: Int) -> Int { 1 }
  static func preferredWidth(of initials: String, styles: Style) -> Int? { 4 }
  static func draw(_ initials: String, styles: Style, in canvas: inout Canvas) {
    let badge = Style(foreground: .white, background: .blue, monochrome: .reverse)
    canvas.write(" \(initials) ", at: .zero, width: 4, style: badge)
  }
}
