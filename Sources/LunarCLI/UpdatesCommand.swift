import ArgumentParser
import Foundation
import LunarCommands

/// `lunar updates serve|list|rollout|rollback`: the update server, and what its admin does
/// with it (docs/updates.md).
struct UpdatesCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "updates",
        abstract: "Run an over-the-air update server; list, roll out and roll back releases.",
        subcommands: [Serve.self, List.self, Rollout.self, Rollback.self]
    )

    /// The server and channel every admin subcommand names.
    struct ChannelOptions: ParsableArguments {
        @Option(help: "The update server's URL (http://HOST:PORT/).")
        var server: String

        @Option(help: "The channel (production, beta, ...).")
        var channel: String

        @Option(help: "The server's admin token.")
        var token: String

        var serverURL: URL {
            get throws {
                guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil else {
                    throw ValidationError("--server '\(server)' is not an http:// or https:// URL")
                }
                return url
            }
        }
    }

    struct Serve: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "serve",
            abstract: "Serve releases, archives, rollouts and device reports over HTTP; prints its address on a line of its own."
        )

        @Option(help: "The port (0 picks a free one).")
        var port: Int = 8090

        @Option(help: "Where archives are kept, and the SQLite database unless --database says otherwise.")
        var data: String

        @Option(help: "A postgres://USER:PASSWORD@HOST:PORT/NAME URL: several servers share one database (default: SQLite under --data).")
        var database: String?

        @Option(help: "What publishing and changing releases must send (Authorization: Bearer TOKEN).")
        var adminToken: String

        @Option(help: "Take only archives signed by this public key (repeat for several).")
        var publisherKey: [String] = []

        @Option(help: "The address to listen on; anything but loopback exposes the server to the network.")
        var host: String = "127.0.0.1"

        @Option(help: "A release halts by itself when its launch failure rate passes this fraction.")
        var haltFailureRate: Double = 0.2

        @Option(help: "Launch reports needed before the failure rate counts.")
        var haltMinimumReports: Int = 10

        func run() async throws {
            try await reportingFailures {
                var options = UpdateServeSession.Options(dataDirectory: URL(fileURLWithPath: data), adminToken: adminToken)
                options.host = host
                options.port = port
                options.database = database
                options.publisherKeys = publisherKey
                options.haltFailureRate = haltFailureRate
                options.haltMinimumReports = haltMinimumReports
                try await UpdateServeSession.run(options)
            }
        }
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "list",
            abstract: "One line per release of the channel, newest first: id, rollout, installs, launches, failures."
        )

        @OptionGroup var channel: ChannelOptions

        @Flag(help: "Print the server's JSON.")
        var json = false

        func run() async throws {
            try await reportingFailures {
                try await UpdateAdminSession.list(server: try channel.serverURL, channel: channel.channel, token: channel.token, json: json)
            }
        }
    }

    struct Rollout: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rollout",
            abstract: "Set the share of devices (0-100 %) that get a release; a halted release resumes."
        )

        @OptionGroup var channel: ChannelOptions

        @Option(help: "The release id (from `lunar updates list` or `lunar publish`).")
        var release: String

        @Option(help: "The percentage of devices, 0 to 100.")
        var percent: Int

        func run() async throws {
            try await reportingFailures {
                try await UpdateAdminSession.rollout(
                    server: try channel.serverURL, channel: channel.channel, release: release, percent: percent, token: channel.token)
            }
        }
    }

    struct Rollback: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rollback",
            abstract: "Roll the channel's newest release back: devices go back to the release before it."
        )

        @OptionGroup var channel: ChannelOptions

        @Option(help: "Sign the rollback with this private key, so devices already running the newest release go back too.")
        var sign: String?

        func run() async throws {
            try await reportingFailures {
                try await UpdateAdminSession.rollback(server: try channel.serverURL, channel: channel.channel, token: channel.token, keyFile: sign)
            }
        }
    }
}

/// `lunar publish BUNDLE_DIR --server URL --channel NAME --sign KEY --token TOKEN`: packs, signs
/// and uploads a release; its id is the last line of standard output.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Pack, sign and upload a bundle as a new release of a channel; prints the release id last."
    )

    @Argument(help: "The bundle directory.")
    var bundle: String

    @OptionGroup var channel: UpdatesCommand.ChannelOptions

    @Option(help: "The private key to sign with (from `lunar keygen`).")
    var sign: String

    @Option(help: "The percentage of devices that get it, 0 to 100.")
    var rollout: Int = 100

    @Option(help: "A note kept with the release.")
    var message: String = ""

    func run() async throws {
        try await reportingFailures {
            try await UpdateAdminSession.publish(
                directory: URL(fileURLWithPath: bundle), server: try channel.serverURL, channel: channel.channel,
                keyFile: sign, token: channel.token, rollout: rollout, message: message)
        }
    }
}
