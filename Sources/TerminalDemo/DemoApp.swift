import Foundation
import LunarTerminal
import LunarUI

/// A fixed two-screen app on the terminal renderer, playing the runtime's part without Lua:
/// a login form whose button pushes a profile screen; Esc on the profile goes back.
/// Every event the renderer reports is written to the log, one line each.
final class DemoApp: RendererDelegate {
    private let log: EventLog
    private var renderer: TerminalRenderer!
    private var reconcilers: [ScreenID: Reconciler] = [:]
    private var account = ""
    private var password = ""
    private let styled: Bool

    private let login = ScreenID(1)
    private let profile = ScreenID(2)

    /// The account field's limit, which the tmux test types past.
    static let accountLimit = 8

    init(log: EventLog, styled: Bool = false) {
        self.log = log
        self.styled = styled
        renderer = TerminalRenderer(
            hop: { job in DispatchQueue.main.async(execute: job) },
            onQuit: { [unowned self] in quit() }
        )
        renderer.delegate = self
    }

    /// Takes over the terminal and shows the login screen.
    func start() throws {
        render(login)
        renderer.push(login, title: "Login")
        try renderer.start()
        log.write("started")
    }

    func renderer(_ renderer: any Renderer, didReport event: RendererEvent) {
        switch event {
        case .element(let screen, let node, let name, let payload):
            let id = reconcilers[screen]?.props(of: node)?[.id]?.stringValue ?? node.description
            log.write("\(name) \(screen) #\(id)" + (payload.map { " \($0)" } ?? ""))
            handle(name, on: id, payload: payload?.stringValue ?? "", screen: screen, node: node)
        case .alertButton(let alert, let index):
            log.write("alert \(alert) \(index)")
        case .back(let screen):
            log.write("back \(screen)")
            if screen == profile {
                renderer.pop(profile)
                reconcilers[profile] = nil
            }
        case .appearance(let appearance):
            log.write("appearance \(appearance)")
        case .window, .layout:
            break   // the demo lays nothing out by the window's size and declares no onLayout
        }
    }

    private func handle(_ event: EventName, on id: String, payload: String, screen: ScreenID, node: NodeID) {
        switch (id, event) {
        case ("account", .change):
            reconcilers[screen]?.recordProps(["value": .string(payload)], of: node)
            account = payload
            render(login)
        case ("password", .change):
            reconcilers[screen]?.recordProps(["value": .string(payload)], of: node)
            password = payload
            render(login)
        case ("login", .press):
            render(profile)
            renderer.push(profile, title: "Profile")
            renderer.showToast("Signed in")
        default:
            break
        }
    }

    private func render(_ screen: ScreenID) {
        let reconciler = reconcilers[screen] ?? Reconciler()
        reconcilers[screen] = reconciler
        renderer.apply(reconciler.reconcile(tree(for: screen)), to: screen)
    }

    private func tree(for screen: ScreenID) -> Element {
        if styled { return Self.styledScreen }
        if screen == login {
            return .column([
                .text("Welcome to Lunar"),
                .textField(placeholder: "Account", value: account, maxLength: Self.accountLimit, id: "account"),
                .textField(placeholder: "Password", value: password, secure: true, id: "password"),
                .button("Log in", disabled: account.isEmpty || password.isEmpty, id: "login"),
            ])
        }
        return .column([
            .text("Signed in as \(account)"),
            .divider(),
            .row([.text("Press Esc to go back"), .spacer(), .button("Help", id: "help")]),
        ])
    }

    /// A header bar with a background, a bordered card with rounded corners, two columns.
    static let styledScreen: Element = {
        func style(_ entries: KeyValuePairs<String, StyleInput>) -> PropValue {
            var style = Style()
            for (key, value) in entries { try! style.set(key, value) }
            return .style(style)
        }
        func view(_ style: PropValue, _ children: [Element]) -> Element {
            Element(.view, props: [.style: style], children: children)
        }
        func text(_ string: String, _ style: PropValue? = nil) -> Element {
            var element = Element.text(string)
            element.props[.style] = style
            return element
        }
        return .column([
            view(style(["backgroundColor": .string("#1e90ff"), "paddingHorizontal": .number(8)]), [
                text("Lunar", style(["color": .string("white"), "fontWeight": .string("bold")])),
            ]),
            view(style(["borderWidth": .number(1), "borderRadius": .number(6), "borderColor": .string("gray"),
                        "margin": .number(8), "paddingHorizontal": .number(8)]), [
                text("Card title", style(["fontWeight": .string("bold")])),
                text("A bordered card"),
            ]),
            Element(.row, children: [
                view(style(["flex": .number(1)]), [text("Left"), text("column")]),
                view(style(["flex": .number(1)]), [text("Right"), text("column")]),
            ]),
        ])
    }()

    private func quit() {
        renderer.stop()
        log.write("quit")
        exit(0)
    }
}
