import ArgumentParser

/// `--devtools [--devtools-port N]` on `run` and `dev`: the inspector for a terminal or headless
/// app, in a server of its own on 127.0.0.1 (docs/devtools.md). A web app (`--web`) has it at
/// `/devtools` on its own server already.
struct DevtoolsOptions: ParsableArguments {
    @Flag(help: "Serve the inspector (elements, network, console, state) at http://127.0.0.1:N/devtools, printed on standard error. With --web it is always at /devtools.")
    var devtools = false

    @Option(help: "The inspector's port with --devtools (default 0: a free one).")
    var devtoolsPort: Int?

    func validate(web: Bool) throws {
        if let devtoolsPort {
            guard devtools else { throw ValidationError("--devtools-port goes with --devtools") }
            guard (0...65535).contains(devtoolsPort) else { throw ValidationError("--devtools-port \(devtoolsPort) is not a port (0 to 65535)") }
            if web { throw ValidationError("with --web the inspector is at /devtools on the app's own port; --devtools-port is for a terminal or headless app") }
        }
    }

    /// The port to serve the inspector on, or nil for none (also with `--web`, whose server has it).
    func port(web: Bool) -> Int? {
        guard devtools, !web else { return nil }
        return devtoolsPort ?? 0
    }
}
