import Observation
import TermElements

/// The user list: a header, the users as the view model publishes them, Enter for details.
@MainActor
func userList(_ viewModel: UserListViewModel) -> TableModelController {
  let list = TableModelController(title: "User List") {
    Table(header: "Everyone in the directory — R refreshes") {
      Section(id: "users", stream: Observations { viewModel.users }) { user in
        Row(
          HorizontalStack(spacing: 1, photo(user), ElementOfLabel(props: user.name)),
          accessory: .disclosureIndicator)
      } onSelect: { context, _, user in
        context.navigator?.push(userDetails(user))
      }
    }
  }
  list.onRefresh(initialRefresh: true) { try await viewModel.reload() }
  list.status = { "Enter shows details, R refreshes, ? keys, q quits" }
  return list
}

/// One user's details.
@MainActor
func userDetails(_ user: User) -> TableModelController {
  TableModelController(title: "User Information") {
    Table {
      Section {
        HorizontalStack(
          spacing: 2, photo(user),
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
      spacing: 1, ElementOfLabel(props: name).frame(width: 8), ElementOfLabel(props: value)),
    separatorStyle: .none)
}

/// A user's initials in a coloured badge: the terminal's photo.
func photo(_ user: User) -> some ElementRepresentable {
  ElementOfLabel(props: user.initials).frame(width: 4, alignment: .center).styles {
    $0 = Style(foreground: .white, background: .blue, monochrome: .reverse)
  }
}
